public import ActivationPipeline
public import ActivationStorage
import Foundation
import GRDB

/// The embedded job store: one SQLite file opened through ``PrivateSQLite`` (mode 0600, WAL,
/// thread-safe, shared by the `batch work --db` processes of one machine; see there).
public final class SQLiteJobStore: JobStore, SQLiteStore {
    public let database: PrivateSQLite<Batch>
    /// The clock that stamps times and judges leases: the wall clock unless a test moves one.
    public let clock: JobClock

    public convenience init(path: String) throws(BatchError) {
        try self.init(path: path, clock: .system)
    }

    /// `path`'s store, stamping times and judging leases by `clock`.
    public init(path: String, clock: JobClock) throws(BatchError) {
        database = try PrivateSQLite(path: path, label: "activation.batch", migrator: Self.migrator)
        self.clock = clock
    }

    private init(database: PrivateSQLite<Batch>, clock: JobClock) {
        self.database = database
        self.clock = clock
    }

    public func clocked(by clock: JobClock) -> any JobStore {
        SQLiteJobStore(database: database, clock: clock)
    }

    public func enqueue(_ inputs: [JobInput], retryFailed: Bool) async throws -> EnqueueReport {
        try await EnqueueReport.inChunks(inputs) { chunk in
            try await write("enqueue") { db in
                var part = EnqueueReport()
                let now = self.clock.nowMs()
                for input in chunk {
                    let row = try Row.fetchOne(
                        db, sql: "SELECT state, size, mtime_ms FROM batch_jobs WHERE path = ?", arguments: [input.path])
                    let existing = try row.map { row throws(BatchError) in
                        EnqueuePlan.Existing(
                            state: try Self.state(row["state"], path: input.path), size: row["size"], mtimeMs: row["mtime_ms"])
                    }
                    let action = EnqueuePlan.action(for: input, existing: existing, retryFailed: retryFailed)
                    part.count(action)
                    try Self.apply(action, input: input, now: now, db: db)
                }
                return part
            }
        }
    }

    private static func apply(_ action: EnqueuePlan.Action, input: JobInput, now: Int, db: Database) throws {
        let requeue = """
            UPDATE batch_jobs SET state = 'queued', size = ?, mtime_ms = ?, attempts = 0, error_code = NULL,
                lease_owner = NULL, lease_expires_ms = NULL, enqueued_ms = ?, started_ms = NULL, finished_ms = NULL
            """
        switch action {
        case .insert:
            try db.execute(
                sql: """
                    INSERT INTO batch_jobs (path, size, mtime_ms, state, enqueued_ms) VALUES (?, ?, ?, 'queued', ?)
                    ON CONFLICT (path) DO NOTHING
                    """,
                arguments: [input.path, input.size, input.mtimeMs, now])
        case .requeueChanged:
            try db.execute(sql: requeue + " WHERE path = ?", arguments: [input.size, input.mtimeMs, now, input.path])
        case .retryFailed:
            try db.execute(
                sql: requeue + ", sha256 = NULL, result_json = NULL, duplicate_of = NULL WHERE path = ?",
                arguments: [input.size, input.mtimeMs, now, input.path])
        case .refresh:
            try db.execute(
                sql: "UPDATE batch_jobs SET size = ?, mtime_ms = ? WHERE path = ? AND state = 'queued'",
                arguments: [input.size, input.mtimeMs, input.path])
        case .skipFinished, .skipPending:
            break
        }
    }

    public func runningOwners() async throws -> [String] {
        try await read("listing leases") { db in
            try String.fetchAll(
                db, sql: "SELECT DISTINCT lease_owner FROM batch_jobs WHERE state = 'running' AND lease_owner IS NOT NULL")
        }
    }

    public func expireLeases(ownedBy owners: [String]) async throws -> Int {
        guard !owners.isEmpty else { return 0 }
        return try await write("expiring leases") { db in
            var count = 0
            for owner in owners {
                try db.execute(
                    sql: "UPDATE batch_jobs SET lease_expires_ms = 0 WHERE state = 'running' AND lease_owner = ?",
                    arguments: [owner])
                count += db.changesCount
            }
            return count
        }
    }

    public func pendingCount() async throws -> Int {
        try await read("counting pending rows") { db in
            try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM batch_jobs WHERE state IN ('queued', 'running', 'waiting')") ?? 0
        }
    }

    public func counts() async throws -> BatchCounts {
        try await read("counting rows") { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT state, error_code, COUNT(*) AS n,
                    SUM(duplicate_of IS NOT NULL AND state IN ('done', 'failed')) AS dups
                FROM batch_jobs GROUP BY state, error_code
                """)
            var counts = BatchCounts()
            for row in rows {
                counts.add(
                    state: try Self.state(row["state"], path: "(counts)"), errorCode: row["error_code"],
                    count: row["n"], duplicates: row["dups"] ?? 0)
            }
            return counts
        }
    }

    public func records(after path: String?, limit: Int) async throws -> [BatchRecord] {
        try await read("reading results") { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT path, state, sha256, size, duration_ms, duplicate_of, result_json, attempts, writes,
                        started_ms, finished_ms
                    FROM batch_jobs WHERE state IN ('done', 'failed') AND path > ? ORDER BY path LIMIT ?
                    """,
                arguments: [path ?? "", limit])
            return try rows.map(Self.batchRecord)
        }
    }

    /// A finished row as a record; `storeCorrupt` when it has no result.
    static func batchRecord(_ row: Row) throws -> BatchRecord {
        let path: String = row["path"]
        let json: String? = row["result_json"]
        guard let json else { throw BatchError(.storeCorrupt, "finished row \(path) has no result") }
        return BatchRecord(
            result: try BatchJSON.decodeResult(json, path: path), state: try Self.state(row["state"], path: path),
            sha256: row["sha256"], bytes: row["size"], durationMs: row["duration_ms"],
            duplicateOf: row["duplicate_of"], attempts: row["attempts"], writes: row["writes"],
            startedMs: row["started_ms"], finishedMs: row["finished_ms"])
    }

    /// The state column's value, or `storeCorrupt`.
    static func state(_ text: String?, path: String) throws(BatchError) -> JobState {
        guard let text, let state = JobState(rawValue: text) else {
            throw BatchError(.storeCorrupt, "row \(path) has an unknown state \(text ?? "NULL")")
        }
        return state
    }

    /// The schema, one migration per version. Same columns as the PostgreSQL store.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE batch_jobs (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    path TEXT NOT NULL UNIQUE,
                    size INTEGER,
                    mtime_ms INTEGER,
                    sha256 TEXT,
                    state TEXT NOT NULL DEFAULT 'queued'
                        CHECK (state IN ('queued', 'running', 'waiting', 'done', 'failed')),
                    result_json TEXT,
                    error_code INTEGER,
                    imei_count INTEGER,
                    duplicate_of TEXT,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    writes INTEGER NOT NULL DEFAULT 0,
                    lease_owner TEXT,
                    lease_expires_ms INTEGER,
                    enqueued_ms INTEGER NOT NULL,
                    started_ms INTEGER,
                    finished_ms INTEGER,
                    duration_ms INTEGER
                );
                CREATE INDEX batch_jobs_state ON batch_jobs (state, id);
                CREATE INDEX batch_jobs_duplicate_of ON batch_jobs (duplicate_of) WHERE duplicate_of IS NOT NULL;
                CREATE TABLE batch_contents (
                    sha256 TEXT PRIMARY KEY,
                    job_id INTEGER NOT NULL
                );
                """)
        }
        migrator.registerMigration("v2") { db in
            try db.execute(sql: reviewsTable)
        }
        return migrator
    }
}
