public import ActivationStorage
public import Foundation
public import Logging
import PostgresNIO

/// The shared flow store: activations and enrollments in PostgreSQL, through PostgresNIO, for
/// several service instances at once.
///
/// Same tables and columns as ``SQLiteFlowStore``; the `version` compare-and-set is one
/// `UPDATE … WHERE id = $1 AND version = $2`, which PostgreSQL serializes on the row lock.
/// Every method is one transaction on a pooled connection; none blocks a thread. Thread-safe.
/// Only valid inside ``withStore(_:logger:_:)``, which runs the connection pool. The URL's
/// `schema=` keeps these tables apart from others in the same database.
public final class PostgresFlowStore: FlowStore {
    let pool: PostgresPool
    var logger: Logger { pool.logger }
    var url: PostgresURL { pool.url }

    private init(pool: PostgresPool) {
        self.pool = pool
    }

    /// Connects to `url`, creates the schema if needed, runs `body`, and closes the pool.
    /// Suspends the caller for as long as `body` runs; `FLOW_STORE_OPEN` when the server cannot
    /// be reached or the schema is of another version.
    public static func withStore<T: Sendable>(
        _ url: PostgresURL, logger: Logger, _ body: @Sendable (PostgresFlowStore) async throws -> T
    ) async throws -> T {
        try await PostgresPool.run(url, logger: logger, cannotConnect: { FlowError(.storeOpen, $0) }) { pool in
            let store = PostgresFlowStore(pool: pool)
            try await store.migrate()
            return try await body(store)
        }
    }

    /// Runs `body` in one transaction (deadlocks retried), turning failures into `FlowError`s
    /// that never carry bound values.
    func transaction<T: Sendable>(_ what: String, _ body: (PostgresConnection) async throws -> T) async throws -> T {
        try await pool.transaction(body) { error in
            if let flow = (error as? FlowError) ?? ((error as? PostgresTransactionError)?.closureError as? FlowError) {
                return flow
            }
            return FlowError(.storeQuery, "\(what) failed on \(url.redacted): \(PostgresPool.reason(error))")
        }
    }

    private func migrate() async throws {
        do {
            try await transaction("creating the flow schema") { c in
                try await c.query("SELECT pg_advisory_xact_lock(7061205)", logger: logger)
                if let schema = url.schema {
                    try await c.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \"\(schema)\""), logger: logger)
                }
                for statement in Self.schema {
                    try await c.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                let rows = try await c.query("SELECT value FROM flow_meta WHERE key = 'schema_version'", logger: logger)
                let version = try await PostgresPool.all(rows, as: (String).self).first
                guard version == "1" else {
                    throw FlowError(.storeOpen, "the flow tables have schema version \(version ?? "none"); this binary knows 1")
                }
            }
        } catch let error as FlowError where error.code == .storeQuery {
            throw FlowError(.storeOpen, error.message)
        }
    }

    /// The schema: the same columns as the SQLite store. JSON columns are TEXT, as in SQLite;
    /// timestamps are milliseconds since 1970 UTC.
    static let schema = [
        """
        CREATE TABLE IF NOT EXISTS activations (
            id TEXT PRIMARY KEY,
            machine TEXT NOT NULL,
            stage TEXT,
            imei TEXT,
            imei2 TEXT,
            screenshot_sha256 TEXT,
            risk TEXT,
            version BIGINT NOT NULL,
            created_at BIGINT NOT NULL,
            updated_at BIGINT NOT NULL
        )
        """,
        "CREATE INDEX IF NOT EXISTS activations_imei ON activations (imei)",
        "CREATE INDEX IF NOT EXISTS activations_imei2 ON activations (imei2)",
        "CREATE INDEX IF NOT EXISTS activations_screenshot_sha256 ON activations (screenshot_sha256)",
        """
        CREATE TABLE IF NOT EXISTS enrollments (
            id TEXT PRIMARY KEY,
            kind TEXT NOT NULL CHECK (kind IN ('finaptic', 'belvo')),
            machine TEXT NOT NULL,
            status TEXT,
            version BIGINT NOT NULL,
            created_at BIGINT NOT NULL,
            updated_at BIGINT NOT NULL
        )
        """,
        "CREATE TABLE IF NOT EXISTS flow_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        "INSERT INTO flow_meta (key, value) VALUES ('schema_version', '1') ON CONFLICT (key) DO NOTHING",
    ]

    public func create(_ record: ActivationRecord) async throws {
        let c = try ActivationRecord.Columns(record)
        let inserted = try await transaction("creating an activation") { conn in
            try await PostgresPool.all(
                conn.query(
                    """
                    INSERT INTO activations
                        (id, machine, stage, imei, imei2, screenshot_sha256, risk, version, created_at, updated_at)
                    VALUES (\(c.id), \(c.machine), \(c.stage), \(c.imei), \(c.imei2), \(c.screenshotSHA256), \(c.risk),
                        \(c.version), \(c.createdAt), \(c.updatedAt))
                    ON CONFLICT (id) DO NOTHING RETURNING id
                    """, logger: logger),
                as: (String).self)
        }
        guard !inserted.isEmpty else { throw FlowError(.duplicateID, "an activation with ID \(c.id) exists") }
    }

    public func activation(id: UUID) async throws -> ActivationRecord? {
        let key = FlowJSON.key(id)
        let rows = try await transaction("reading an activation") { c in
            try await PostgresPool.all(
                c.query(
                    """
                    SELECT id, machine, screenshot_sha256, risk, version, created_at, updated_at
                    FROM activations WHERE id = \(key)
                    """, logger: logger),
                as: (String, String, String?, String?, Int, Int64, Int64).self)
        }
        guard let (id, machine, sha, risk, version, created, updated) = rows.first else { return nil }
        return try ActivationRecord.Columns(
            id: id, machine: machine, screenshotSHA256: sha, risk: risk, version: version, createdAt: created,
            updatedAt: updated
        ).record()
    }

    public func update(_ record: ActivationRecord, ifVersion expected: Int) async throws -> Bool {
        let c = try ActivationRecord.Columns(record)
        let rows = try await transaction("updating an activation") { conn in
            try await PostgresPool.all(
                conn.query(
                    """
                    UPDATE activations SET machine = \(c.machine), stage = \(c.stage), imei = \(c.imei), imei2 = \(c.imei2),
                        screenshot_sha256 = \(c.screenshotSHA256), risk = \(c.risk), version = \(c.version),
                        updated_at = \(c.updatedAt)
                    WHERE id = \(c.id) AND version = \(expected) RETURNING id
                    """, logger: logger),
                as: (String).self)
        }
        return rows.count == 1
    }

    public func activations(usingIMEI imei: String) async throws -> [UUID] {
        let ids = try await transaction("looking up an IMEI") { c in
            try await PostgresPool.all(
                c.query(
                    "SELECT id FROM activations WHERE imei = \(imei) OR imei2 = \(imei) ORDER BY created_at, id",
                    logger: logger),
                as: (String).self)
        }
        return try ids.map { text throws(FlowError) in try FlowJSON.uuid(text, table: "activations") }
    }

    public func activations(withScreenshot sha256: String) async throws -> [UUID] {
        let ids = try await transaction("looking up a screenshot") { c in
            try await PostgresPool.all(
                c.query(
                    "SELECT id FROM activations WHERE screenshot_sha256 = \(sha256) ORDER BY created_at, id",
                    logger: logger),
                as: (String).self)
        }
        return try ids.map { text throws(FlowError) in try FlowJSON.uuid(text, table: "activations") }
    }

    public func create(_ record: EnrollmentRecord) async throws {
        let c = try EnrollmentRecord.Columns(record)
        let inserted = try await transaction("creating an enrollment") { conn in
            try await PostgresPool.all(
                conn.query(
                    """
                    INSERT INTO enrollments (id, kind, machine, status, version, created_at, updated_at)
                    VALUES (\(c.id), \(c.kind), \(c.machine), \(c.status), \(c.version), \(c.createdAt), \(c.updatedAt))
                    ON CONFLICT (id) DO NOTHING RETURNING id
                    """, logger: logger),
                as: (String).self)
        }
        guard !inserted.isEmpty else { throw FlowError(.duplicateID, "an enrollment with ID \(c.id) exists") }
    }

    public func enrollment(id: UUID) async throws -> EnrollmentRecord? {
        let key = FlowJSON.key(id)
        let rows = try await transaction("reading an enrollment") { c in
            try await PostgresPool.all(
                c.query(
                    "SELECT id, kind, machine, version, created_at, updated_at FROM enrollments WHERE id = \(key)",
                    logger: logger),
                as: (String, String, String, Int, Int64, Int64).self)
        }
        guard let (id, kind, machine, version, created, updated) = rows.first else { return nil }
        return try EnrollmentRecord.Columns(
            id: id, kind: kind, machine: machine, version: version, createdAt: created, updatedAt: updated
        ).record()
    }

    public func update(_ record: EnrollmentRecord, ifVersion expected: Int) async throws -> Bool {
        let c = try EnrollmentRecord.Columns(record)
        let rows = try await transaction("updating an enrollment") { conn in
            try await PostgresPool.all(
                conn.query(
                    """
                    UPDATE enrollments SET machine = \(c.machine), status = \(c.status), version = \(c.version),
                        updated_at = \(c.updatedAt)
                    WHERE id = \(c.id) AND version = \(expected) AND kind = \(c.kind) RETURNING id
                    """, logger: logger),
                as: (String).self)
        }
        return rows.count == 1
    }
}
