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
    /// already there is `FLOW_DUPLICATE_ID`, naming `noun`. With a `key`, the key is claimed
    /// first in the same transaction (expired keys removed): a key already kept inserts
    /// nothing and answers its creation (or `FLOW_IDEMPOTENCY_KEY_REUSED`).
    private func insert(
        _ noun: String, id: String, key: IdempotencyKey?, creation: IdempotentCreation, sql: String, arguments: StatementArguments
    ) async throws -> IdempotentCreation {
        try await write("creating \(noun)") { db in
            if let key {
                try db.execute(sql: "DELETE FROM idempotency_keys WHERE created_at < ?", arguments: [creation.cutoff])
                try db.execute(
                    sql: """
                        INSERT INTO idempotency_keys (scope, key, fingerprint, record_id, kind, machine, created_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (scope, key) DO NOTHING
                        """,
                    arguments: [
                        creation.scope, key.value, key.fingerprint, creation.recordID, creation.kind, creation.machine, creation.createdAt,
                    ])
                if db.changesCount == 0 { return try Self.kept(db, key: key, scope: creation.scope) }
            }
            try db.execute(sql: sql + " ON CONFLICT (id) DO NOTHING", arguments: arguments)
            guard db.changesCount == 1 else { throw FlowError(.duplicateID, "\(noun) with ID \(id) exists") }
            return creation
        }
    }

    /// The creation kept under `key` in `scope`, or `FLOW_IDEMPOTENCY_KEY_REUSED` when it came
    /// with another request.
    private static func kept(_ db: Database, key: IdempotencyKey, scope: String) throws -> IdempotentCreation {
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT fingerprint, record_id, kind, machine, created_at FROM idempotency_keys WHERE scope = ? AND key = ?",
                arguments: [scope, key.value])
        else { throw FlowError(.storeQuery, "the idempotency key of \(scope) could not be read back") }
        let kept = IdempotentCreation(
            scope: scope, recordID: try row.decode(forColumn: "record_id"), kind: try row.decode(forColumn: "kind"),
            machine: try row.decode(forColumn: "machine"), createdAt: try row.decode(forColumn: "created_at"))
        return try kept.matching(fingerprint: try row.decode(forColumn: "fingerprint"), of: key)
    }

    /// The schema, one migration per version: ``FlowSchema``, as in the PostgreSQL store.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("flows-v1") { db in
            for statement in FlowSchema.tables { try db.execute(sql: statement) }
        }
        migrator.registerMigration("flows-v2-idempotency-keys") { db in
            for statement in FlowSchema.idempotencyKeys { try db.execute(sql: statement) }
        }
        return migrator
    }
}
