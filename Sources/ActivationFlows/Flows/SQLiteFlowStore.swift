public import ActivationStorage
public import Foundation
import GRDB

/// The embedded flow store: one SQLite file in WAL mode, through GRDB. The default.
///
/// Thread-safe: GRDB's pool serializes writes (each an IMMEDIATE transaction) and lets reads
/// run beside them; several processes on one machine may share the file and wait up to 30 s
/// for each other's write lock. Calls suspend the caller while GRDB runs the statement on its
/// own queue. The file is created with mode 0600 (it holds IMEIs, mobile numbers, addresses
/// and CPFs); SQLite gives the `-wal` and `-shm` files the same mode. With
/// `synchronous = NORMAL`, a killed process loses nothing that was committed.
public final class SQLiteFlowStore: FlowStore, SQLiteStore {
    public let database: PrivateSQLite<Flows>

    /// Opens (creating if needed) the store at `path` and brings its schema up to date. Blocks.
    public init(path: String) throws(FlowError) {
        database = try PrivateSQLite(path: path, label: "activation.flows", migrator: Self.migrator)
    }

    public func create(_ record: ActivationRecord) async throws {
        let c = try ActivationRecord.Columns(record)
        try await write("creating an activation") { db in
            try db.execute(
                sql: """
                    INSERT INTO activations
                        (id, machine, stage, imei, imei2, screenshot_sha256, risk, version, created_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING
                    """,
                arguments: [c.id, c.machine, c.stage, c.imei, c.imei2, c.screenshotSHA256, c.risk, c.version, c.createdAt, c.updatedAt])
            guard db.changesCount == 1 else { throw FlowError(.duplicateID, "an activation with ID \(c.id) exists") }
        }
    }

    public func activation(id: UUID) async throws -> ActivationRecord? {
        let key = FlowJSON.key(id)
        let columns = try await read("reading an activation") { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT id, machine, screenshot_sha256, risk, version, created_at, updated_at
                    FROM activations WHERE id = ?
                    """,
                arguments: [key]
            ).map { row in
                ActivationRecord.Columns(
                    id: try row.decode(forColumn: "id"), machine: try row.decode(forColumn: "machine"),
                    screenshotSHA256: try row.decode(forColumn: "screenshot_sha256"), risk: try row.decode(forColumn: "risk"),
                    version: try row.decode(forColumn: "version"), createdAt: try row.decode(forColumn: "created_at"),
                    updatedAt: try row.decode(forColumn: "updated_at"))
            }
        }
        return try columns?.record()
    }

    public func update(_ record: ActivationRecord, ifVersion expected: Int) async throws -> Bool {
        let c = try ActivationRecord.Columns(record)
        return try await write("updating an activation") { db in
            try db.execute(
                sql: """
                    UPDATE activations SET machine = ?, stage = ?, imei = ?, imei2 = ?, screenshot_sha256 = ?, risk = ?,
                        version = ?, updated_at = ?
                    WHERE id = ? AND version = ?
                    """,
                arguments: [c.machine, c.stage, c.imei, c.imei2, c.screenshotSHA256, c.risk, c.version, c.updatedAt, c.id, expected])
            return db.changesCount == 1
        }
    }

    public func activations(usingIMEI imei: String) async throws -> [UUID] {
        let ids = try await read("looking up an IMEI") { db in
            try String.fetchAll(
                db, sql: "SELECT id FROM activations WHERE imei = ? OR imei2 = ? ORDER BY created_at, id",
                arguments: [imei, imei])
        }
        return try ids.map { text throws(FlowError) in try FlowJSON.uuid(text, table: "activations") }
    }

    public func activations(withScreenshot sha256: String) async throws -> [UUID] {
        let ids = try await read("looking up a screenshot") { db in
            try String.fetchAll(
                db, sql: "SELECT id FROM activations WHERE screenshot_sha256 = ? ORDER BY created_at, id",
                arguments: [sha256])
        }
        return try ids.map { text throws(FlowError) in try FlowJSON.uuid(text, table: "activations") }
    }

    public func create(_ record: EnrollmentRecord) async throws {
        let c = try EnrollmentRecord.Columns(record)
        try await write("creating an enrollment") { db in
            try db.execute(
                sql: """
                    INSERT INTO enrollments (id, kind, machine, status, version, created_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING
                    """,
                arguments: [c.id, c.kind, c.machine, c.status, c.version, c.createdAt, c.updatedAt])
            guard db.changesCount == 1 else { throw FlowError(.duplicateID, "an enrollment with ID \(c.id) exists") }
        }
    }

    public func enrollment(id: UUID) async throws -> EnrollmentRecord? {
        let key = FlowJSON.key(id)
        let columns = try await read("reading an enrollment") { db in
            try Row.fetchOne(
                db, sql: "SELECT id, kind, machine, version, created_at, updated_at FROM enrollments WHERE id = ?",
                arguments: [key]
            ).map { row in
                EnrollmentRecord.Columns(
                    id: try row.decode(forColumn: "id"), kind: try row.decode(forColumn: "kind"),
                    machine: try row.decode(forColumn: "machine"), version: try row.decode(forColumn: "version"),
                    createdAt: try row.decode(forColumn: "created_at"), updatedAt: try row.decode(forColumn: "updated_at"))
            }
        }
        return try columns?.record()
    }

    public func update(_ record: EnrollmentRecord, ifVersion expected: Int) async throws -> Bool {
        let c = try EnrollmentRecord.Columns(record)
        return try await write("updating an enrollment") { db in
            try db.execute(
                sql: """
                    UPDATE enrollments SET machine = ?, status = ?, version = ?, updated_at = ?
                    WHERE id = ? AND version = ? AND kind = ?
                    """,
                arguments: [c.machine, c.status, c.version, c.updatedAt, c.id, expected, c.kind])
            return db.changesCount == 1
        }
    }

    /// The schema, one migration per version. Same columns as the PostgreSQL store.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("flows-v1") { db in
            try db.execute(sql: """
                CREATE TABLE activations (
                    id TEXT PRIMARY KEY NOT NULL,
                    machine TEXT NOT NULL,
                    stage TEXT,
                    imei TEXT,
                    imei2 TEXT,
                    screenshot_sha256 TEXT,
                    risk TEXT,
                    version INTEGER NOT NULL,
                    created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL
                );
                CREATE INDEX activations_imei ON activations (imei);
                CREATE INDEX activations_imei2 ON activations (imei2);
                CREATE INDEX activations_screenshot_sha256 ON activations (screenshot_sha256);
                CREATE TABLE enrollments (
                    id TEXT PRIMARY KEY NOT NULL,
                    kind TEXT NOT NULL CHECK (kind IN ('finaptic', 'belvo')),
                    machine TEXT NOT NULL,
                    status TEXT,
                    version INTEGER NOT NULL,
                    created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL
                );
                """)
        }
        return migrator
    }
}
