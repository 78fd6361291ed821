public import ActivationStorage
public import Foundation
import Logging
import PostgresNIO

/// The shared flow store: activations and enrollments in PostgreSQL, through PostgresNIO, for
/// several service instances at once.
///
/// Same tables and columns as ``SQLiteFlowStore``; the `version` compare-and-set is one
/// `UPDATE … WHERE id = $1 AND version = $2`, which PostgreSQL serializes on the row lock.
/// Every method is one transaction on a pooled connection; none blocks a thread. Thread-safe.
/// Only valid inside ``withStore(_:logger:_:)``, which runs the connection pool. The URL's
/// `schema=` keeps these tables apart from others in the same database.
public final class PostgresFlowStore: FlowStore, PostgresStore {
    public let pool: PostgresPool<Flows>

    public init(pool: PostgresPool<Flows>) {
        self.pool = pool
    }

    public func create(_ record: ActivationRecord) async throws {
        _ = try await insert(try ActivationRecord.Columns(record), key: nil)
    }

    public func create(_ record: ActivationRecord, key: IdempotencyKey) async throws -> ActivationRecord {
        let first = try await insert(try ActivationRecord.Columns(record), key: key)
        return first.recordID == FlowJSON.key(record.id) ? record : try ActivationRecord.Columns(first).record()
    }

    /// Inserts the activation `c`, under `key` when given; the creation kept under the key.
    private func insert(_ c: ActivationRecord.Columns, key: IdempotencyKey?) async throws -> IdempotentCreation {
        try await insert(
            "an activation", id: c.id, key: key, creation: c.creation,
            """
            INSERT INTO activations
                (id, machine, stage, imei, imei2, screenshot_sha256, risk, version, created_at, updated_at)
            VALUES (\(c.id), \(c.machine), \(c.stage), \(c.imei), \(c.imei2), \(c.screenshotSHA256), \(c.risk),
                \(c.version), \(c.createdAt), \(c.updatedAt))
            ON CONFLICT (id) DO NOTHING RETURNING id
            """)
    }

    public func activation(id: UUID) async throws -> ActivationRecord? {
        let key = FlowJSON.key(id)
        let rows = try await pool.rows(
            "reading an activation",
            """
            SELECT id, machine, screenshot_sha256, risk, version, created_at, updated_at
            FROM activations WHERE id = \(key)
            """,
            as: (String, String, String?, String?, Int, Int64, Int64).self)
        guard let (id, machine, sha, risk, version, created, updated) = rows.first else { return nil }
        return try ActivationRecord.Columns(
            id: id, machine: machine, screenshotSHA256: sha, risk: risk, version: version, createdAt: created,
            updatedAt: updated
        ).record()
    }

    public func update(_ record: ActivationRecord, ifVersion expected: Int) async throws -> Bool {
        let c = try ActivationRecord.Columns(record)
        let rows = try await pool.rows(
            "updating an activation",
            """
            UPDATE activations SET machine = \(c.machine), stage = \(c.stage), imei = \(c.imei), imei2 = \(c.imei2),
                screenshot_sha256 = \(c.screenshotSHA256), risk = \(c.risk), version = \(c.version),
                updated_at = \(c.updatedAt)
            WHERE id = \(c.id) AND version = \(expected) RETURNING id
            """,
            as: (String).self)
        return rows.count == 1
    }

    public func activations(usingIMEI imei: String) async throws -> [UUID] {
        try await activationIDs(
            "looking up an IMEI", "SELECT id FROM activations WHERE imei = \(imei) OR imei2 = \(imei) ORDER BY created_at, id")
    }

    public func activations(withScreenshot sha256: String) async throws -> [UUID] {
        try await activationIDs(
            "looking up a screenshot", "SELECT id FROM activations WHERE screenshot_sha256 = \(sha256) ORDER BY created_at, id")
    }

    public func create(_ record: EnrollmentRecord) async throws {
        _ = try await insert(try EnrollmentRecord.Columns(record), key: nil)
    }

    public func create(_ record: EnrollmentRecord, key: IdempotencyKey) async throws -> EnrollmentRecord {
        let first = try await insert(try EnrollmentRecord.Columns(record), key: key)
        return first.recordID == FlowJSON.key(record.id) ? record : try EnrollmentRecord.Columns(first).record()
    }

    /// Inserts the enrollment `c`, under `key` when given; the creation kept under the key.
    private func insert(_ c: EnrollmentRecord.Columns, key: IdempotencyKey?) async throws -> IdempotentCreation {
        try await insert(
            "an enrollment", id: c.id, key: key, creation: c.creation,
            """
            INSERT INTO enrollments (id, kind, machine, status, version, created_at, updated_at)
            VALUES (\(c.id), \(c.kind), \(c.machine), \(c.status), \(c.version), \(c.createdAt), \(c.updatedAt))
            ON CONFLICT (id) DO NOTHING RETURNING id
            """)
    }

    public func enrollment(id: UUID) async throws -> EnrollmentRecord? {
        let key = FlowJSON.key(id)
        let rows = try await pool.rows(
            "reading an enrollment",
            "SELECT id, kind, machine, version, created_at, updated_at FROM enrollments WHERE id = \(key)",
            as: (String, String, String, Int, Int64, Int64).self)
        guard let (id, kind, machine, version, created, updated) = rows.first else { return nil }
        return try EnrollmentRecord.Columns(
            id: id, kind: kind, machine: machine, version: version, createdAt: created, updatedAt: updated
        ).record()
    }

    public func update(_ record: EnrollmentRecord, ifVersion expected: Int) async throws -> Bool {
        let c = try EnrollmentRecord.Columns(record)
        let rows = try await pool.rows(
            "updating an enrollment",
            """
            UPDATE enrollments SET machine = \(c.machine), status = \(c.status), version = \(c.version),
                updated_at = \(c.updatedAt)
            WHERE id = \(c.id) AND version = \(expected) AND kind = \(c.kind) RETURNING id
            """,
            as: (String).self)
        return rows.count == 1
    }

    /// The activation IDs that `query` (`SELECT id FROM activations …`) returns, in its order.
    private func activationIDs(_ what: String, _ query: PostgresQuery) async throws -> [UUID] {
        let ids = try await pool.rows(what, query, as: (String).self)
        return try ids.map { text throws(FlowError) in try FlowJSON.uuid(text, table: "activations") }
    }

    /// Runs `query`, an INSERT of one new row that returns its ID unless the ID is taken; a
    /// taken ID is `FLOW_DUPLICATE_ID`, naming `noun`. With a `key`, the key is claimed first
    /// in the same transaction (expired keys removed): a key already kept inserts nothing and
    /// answers its creation (or `FLOW_IDEMPOTENCY_KEY_REUSED`). A concurrent create with the
    /// same key waits on the key's row until the first commits, then reads it.
    private func insert(
        _ noun: String, id: String, key: IdempotencyKey?, creation: IdempotentCreation, _ query: PostgresQuery
    ) async throws -> IdempotentCreation {
        try await pool.boundedTransaction("creating \(noun)") { [logger] c in
            if let key {
                try await c.query("DELETE FROM idempotency_keys WHERE created_at < \(creation.cutoff)", logger: logger)
                let claimed = try await Self.all(
                    c.query(
                        """
                        INSERT INTO idempotency_keys (scope, key, fingerprint, record_id, kind, machine, created_at)
                        VALUES (\(creation.scope), \(key.value), \(key.fingerprint), \(creation.recordID), \(creation.kind),
                            \(creation.machine), \(creation.createdAt))
                        ON CONFLICT (scope, key) DO NOTHING RETURNING key
                        """, logger: logger),
                    as: (String).self)
                if claimed.isEmpty { return try await Self.kept(c, key: key, scope: creation.scope, logger: logger) }
            }
            let inserted = try await Self.all(c.query(query, logger: logger), as: (String).self)
            guard !inserted.isEmpty else { throw FlowError(.duplicateID, "\(noun) with ID \(id) exists") }
            return creation
        }
    }

    /// The creation kept under `key` in `scope`, or `FLOW_IDEMPOTENCY_KEY_REUSED` when it came
    /// with another request.
    private static func kept(
        _ c: PostgresConnection, key: IdempotencyKey, scope: String, logger: Logger
    ) async throws -> IdempotentCreation {
        let rows = try await all(
            c.query(
                """
                SELECT fingerprint, record_id, kind, machine, created_at FROM idempotency_keys
                WHERE scope = \(scope) AND key = \(key.value)
                """, logger: logger),
            as: (String, String, String?, String, Int64).self)
        guard let (fingerprint, recordID, kind, machine, createdAt) = rows.first else {
            throw FlowError(.storeQuery, "the idempotency key of \(scope) could not be read back")
        }
        let kept = IdempotentCreation(scope: scope, recordID: recordID, kind: kind, machine: machine, createdAt: createdAt)
        return try kept.matching(fingerprint: fingerprint, of: key)
    }

    /// The statements that create the tables (``FlowSchema``, shared with SQLite), then the
    /// schema version.
    static let statements = FlowSchema.tables + FlowSchema.idempotencyKeys + [
        "CREATE TABLE IF NOT EXISTS flow_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        "INSERT INTO flow_meta (key, value) VALUES ('schema_version', '1') ON CONFLICT (key) DO NOTHING",
    ]

    /// The tables, created on first use under an advisory lock.
    public static let schema = PostgresSchema(
        lock: 7061205, statements: statements, metaTable: "flow_meta", subject: "the flow tables have",
        what: "creating the flow schema", setupFailure: .open, versionFailure: .open)
}
