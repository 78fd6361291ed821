public import ActivationStorage
public import Foundation
import GRDB

/// The default flow store: one SQLite file opened through ``PrivateSQLite`` (mode 0600, as it
/// holds IMEIs, mobile numbers, addresses and CPFs; WAL; thread-safe; see there).
public final class SQLiteFlowStore: FlowStore, SQLiteStore {
    public let database: PrivateSQLite<Flows>

    public init(path: String) throws(FlowError) {
        database = try PrivateSQLite(path: path, label: "activation.flows", migrator: Self.migrator)
    }

    public func create(_ record: ActivationRecord) async throws {
        let c = try ActivationRecord.Columns(record)
        try await insert(
            "an activation", id: c.id,
            sql: """
                INSERT INTO activations
                    (id, machine, stage, imei, imei2, screenshot_sha256, risk, version, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [c.id, c.machine, c.stage, c.imei, c.imei2, c.screenshotSHA256, c.risk, c.version, c.createdAt, c.updatedAt])
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
        return try await update(
            "an activation",
            sql: """
                UPDATE activations SET machine = ?, stage = ?, imei = ?, imei2 = ?, screenshot_sha256 = ?, risk = ?,
                    version = ?, updated_at = ?
                WHERE id = ? AND version = ?
                """,
            arguments: [c.machine, c.stage, c.imei, c.imei2, c.screenshotSHA256, c.risk, c.version, c.updatedAt, c.id, expected])
    }

    public func activations(usingIMEI imei: String) async throws -> [UUID] {
        try await activationIDs(
            "looking up an IMEI", sql: "SELECT id FROM activations WHERE imei = ? OR imei2 = ? ORDER BY created_at, id", arguments: [imei, imei])
    }

    public func activations(withScreenshot sha256: String) async throws -> [UUID] {
        try await activationIDs(
            "looking up a screenshot", sql: "SELECT id FROM activations WHERE screenshot_sha256 = ? ORDER BY created_at, id", arguments: [sha256])
    }

    public func create(_ record: EnrollmentRecord) async throws {
        let c = try EnrollmentRecord.Columns(record)
        try await insert(
            "an enrollment", id: c.id,
            sql: "INSERT INTO enrollments (id, kind, machine, status, version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            arguments: [c.id, c.kind, c.machine, c.status, c.version, c.createdAt, c.updatedAt])
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
        return try await update(
            "an enrollment",
            sql: "UPDATE enrollments SET machine = ?, status = ?, version = ?, updated_at = ? WHERE id = ? AND version = ? AND kind = ?",
            arguments: [c.machine, c.status, c.version, c.updatedAt, c.id, expected, c.kind])
    }

    /// Runs `sql`, an UPDATE of one row that matches only at the expected version, in a write
    /// transaction: true when it wrote the row.
    private func update(_ noun: String, sql: String, arguments: StatementArguments) async throws -> Bool {
        try await write("updating \(noun)") { db in
            try db.execute(sql: sql, arguments: arguments)
            return db.changesCount == 1
        }
    }

    /// The activation IDs that `sql` (`SELECT id FROM activations …`) returns, in its order.
    private func activationIDs(_ what: String, sql: String, arguments: StatementArguments) async throws -> [UUID] {
        let ids = try await read(what) { db in try String.fetchAll(db, sql: sql, arguments: arguments) }
        return try ids.map { text throws(FlowError) in try FlowJSON.uuid(text, table: "activations") }
    }

    /// Runs `sql`, an INSERT of one new row, in a write transaction; a row with this ID
    /// already there is `FLOW_DUPLICATE_ID`, naming `noun`.
    private func insert(_ noun: String, id: String, sql: String, arguments: StatementArguments) async throws {
        try await write("creating \(noun)") { db in
            try db.execute(sql: sql + " ON CONFLICT (id) DO NOTHING", arguments: arguments)
            guard db.changesCount == 1 else { throw FlowError(.duplicateID, "\(noun) with ID \(id) exists") }
        }
    }

    /// The schema, one migration per version: ``FlowSchema``, as in the PostgreSQL store.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("flows-v1") { db in
            for statement in FlowSchema.tables { try db.execute(sql: statement) }
        }
        return migrator
    }
}
