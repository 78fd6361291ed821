import ActivationPipeline
public import ActivationStorage
import Logging
import PostgresNIO

/// The shared store: a queue in PostgreSQL, through PostgresNIO, for workers on any machine.
///
/// Claims take `SELECT … FOR UPDATE SKIP LOCKED`, so workers never wait on each other's rows;
/// the lease clock is the server's, so workers' clocks need not agree. Every method is one
/// transaction on a pooled connection; none blocks a thread. Thread-safe. Only valid inside
/// ``withStore(_:logger:_:)``, which runs the connection pool.
public final class PostgresJobStore: JobStore, PostgresStore {
    public let pool: PostgresPool<Batch>
    /// The clock that stamps times and judges leases: the server's unless a test moves one.
    public let clock: JobClock

    /// The server's clock in milliseconds since 1970, as SQL.
    static let serverNowMs = "(extract(epoch from clock_timestamp()) * 1000)::bigint"

    public init(pool: PostgresPool<Batch>) {
        self.pool = pool
        self.clock = .system
    }

    init(pool: PostgresPool<Batch>, clock: JobClock) {
        self.pool = pool
        self.clock = clock
    }

    public func clocked(by clock: JobClock) -> any JobStore {
        PostgresJobStore(pool: pool, clock: clock)
    }

    /// Now in milliseconds since 1970 as SQL: the server's clock, or the injected clock's
    /// reading as a literal (digits only, so it is safe unescaped).
    var nowMs: String {
        clock.read.map { "(\($0()))::bigint" } ?? Self.serverNowMs
    }

    public func enqueue(_ inputs: [JobInput], retryFailed: Bool) async throws -> EnqueueReport {
        try await EnqueueReport.inChunks(inputs) { chunk in
            try await transaction("enqueue") { c in
                let paths = chunk.map(\.path)
                let rows = try await c.query(
                    "SELECT path, state, size, mtime_ms FROM batch_jobs WHERE path = ANY(\(paths))", logger: logger)
                var existing: [String: EnqueuePlan.Existing] = [:]
                for (path, state, size, mtime) in try await Self.all(rows, as: (String, String, Int?, Int?).self) {
                    existing[path] = .init(state: try Self.state(state, path: path), size: size, mtimeMs: mtime)
                }
                var part = EnqueueReport()
                for input in chunk {
                    let action = EnqueuePlan.action(
                        for: input, existing: existing[input.path], retryFailed: retryFailed)
                    part.count(action)
                    try await apply(action, input: input, on: c)
                }
                return part
            }
        }
    }

    private func apply(_ action: EnqueuePlan.Action, input: JobInput, on c: PostgresConnection) async throws {
        let now = self.clock.nowMs()
        switch action {
        case .insert:
            try await c.query(
                """
                INSERT INTO batch_jobs (path, size, mtime_ms, state, enqueued_ms)
                VALUES (\(input.path), \(input.size), \(input.mtimeMs), 'queued', \(now))
                ON CONFLICT (path) DO NOTHING
                """, logger: logger)
        case .requeueChanged, .retryFailed:
            let forget = action == .retryFailed
            try await c.query(
                """
                UPDATE batch_jobs SET state = 'queued', size = \(input.size), mtime_ms = \(input.mtimeMs),
                    attempts = 0, error_code = NULL, lease_owner = NULL, lease_expires_ms = NULL,
                    enqueued_ms = \(now), started_ms = NULL, finished_ms = NULL,
                    sha256 = CASE WHEN \(forget) THEN NULL ELSE sha256 END,
                    result_json = CASE WHEN \(forget) THEN NULL ELSE result_json END,
                    duplicate_of = CASE WHEN \(forget) THEN NULL ELSE duplicate_of END
                WHERE path = \(input.path) AND state IN ('done', 'failed')
                """, logger: logger)
        case .refresh:
            try await c.query(
                """
                UPDATE batch_jobs SET size = \(input.size), mtime_ms = \(input.mtimeMs)
                WHERE path = \(input.path) AND state = 'queued'
                """, logger: logger)
        case .skipFinished, .skipPending:
            break
        }
    }

    public func runningOwners() async throws -> [String] {
        try await transaction("listing leases") { c in
            let rows = try await c.query(
                "SELECT DISTINCT lease_owner FROM batch_jobs WHERE state = 'running' AND lease_owner IS NOT NULL",
                logger: logger)
            return try await Self.all(rows, as: (String).self)
        }
    }

    public func expireLeases(ownedBy owners: [String]) async throws -> Int {
        guard !owners.isEmpty else { return 0 }
        return try await transaction("expiring leases") { c in
            let rows = try await c.query(
                """
                UPDATE batch_jobs SET lease_expires_ms = 0
                WHERE state = 'running' AND lease_owner = ANY(\(owners)) RETURNING id
                """, logger: logger)
            return try await Self.all(rows, as: (Int64).self).count
        }
    }

    public func pendingCount() async throws -> Int {
        try await transaction("counting pending rows") { c in
            let rows = try await c.query(
                "SELECT COUNT(*) FROM batch_jobs WHERE state IN ('queued', 'running', 'waiting')", logger: logger)
            return try await Self.all(rows, as: (Int).self).first ?? 0
        }
    }

    public func counts() async throws -> BatchCounts {
        let rows = try await transaction("counting rows") { c in
            let rows = try await c.query(
                """
                SELECT state, error_code, COUNT(*),
                    COUNT(*) FILTER (WHERE duplicate_of IS NOT NULL AND state IN ('done', 'failed'))
                FROM batch_jobs GROUP BY state, error_code
                """, logger: logger)
            return try await Self.all(rows, as: (String, Int?, Int, Int).self)
        }
        var counts = BatchCounts()
        for (state, code, count, dups) in rows {
            counts.add(state: try Self.state(state, path: "(counts)"), errorCode: code, count: count, duplicates: dups)
        }
        return counts
    }

    public func records(after path: String?, limit: Int) async throws -> [BatchRecord] {
        let rows = try await transaction("reading results") { c in
            let rows = try await c.query(
                """
                SELECT path, state, sha256, size, duration_ms, duplicate_of, result_json, attempts, writes,
                    started_ms, finished_ms
                FROM batch_jobs WHERE state IN ('done', 'failed') AND path > \(path ?? "")
                ORDER BY path LIMIT \(limit)
                """, logger: logger)
            return try await Self.all(
                rows, as: (String, String, String?, Int?, Int?, String?, String?, Int, Int, Int?, Int?).self)
        }
        return try rows.map(Self.batchRecord)
    }

    /// The columns ``batchRecord(_:)`` reads, in its order.
    static let recordColumns = """
        path, state, sha256, size, duration_ms, duplicate_of, result_json, attempts, writes, started_ms, finished_ms
        """

    /// A finished row of ``recordColumns`` as a record; `storeCorrupt` when it has no result.
    static func batchRecord(
        _ row: (String, String, String?, Int?, Int?, String?, String?, Int, Int, Int?, Int?)
    ) throws -> BatchRecord {
        let (path, state, sha, size, duration, duplicateOf, json, attempts, writes, started, finished) = row
        guard let json else { throw BatchError(.storeCorrupt, "finished row \(path) has no result") }
        return BatchRecord(
            result: try BatchJSON.decodeResult(json, path: path), state: try Self.state(state, path: path),
            sha256: sha, bytes: size, durationMs: duration, duplicateOf: duplicateOf,
            attempts: attempts, writes: writes, startedMs: started, finishedMs: finished)
    }

    /// The state column's value, or `storeCorrupt`.
    static func state(_ text: String, path: String) throws(BatchError) -> JobState {
        guard let state = JobState(rawValue: text) else {
            throw BatchError(.storeCorrupt, "row \(path) has an unknown state \(text)")
        }
        return state
    }

    /// The statements that create the tables: the same columns as the SQLite store. Results are TEXT, not JSONB, so that
    /// export gives back the reader's JSON byte for byte. Paths sort bytewise (`COLLATE "C"`).
    static let statements = [
        """
        CREATE TABLE IF NOT EXISTS batch_jobs (
            id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            path TEXT COLLATE "C" NOT NULL UNIQUE,
            size BIGINT,
            mtime_ms BIGINT,
            sha256 TEXT,
            state TEXT NOT NULL DEFAULT 'queued'
                CHECK (state IN ('queued', 'running', 'waiting', 'done', 'failed')),
            result_json TEXT,
            error_code BIGINT,
            imei_count BIGINT,
            duplicate_of TEXT COLLATE "C",
            attempts BIGINT NOT NULL DEFAULT 0,
            writes BIGINT NOT NULL DEFAULT 0,
            lease_owner TEXT,
            lease_expires_ms BIGINT,
            enqueued_ms BIGINT NOT NULL,
            started_ms BIGINT,
            finished_ms BIGINT,
            duration_ms BIGINT
        )
        """,
        "CREATE INDEX IF NOT EXISTS batch_jobs_state ON batch_jobs (state, id)",
        """
        CREATE INDEX IF NOT EXISTS batch_jobs_duplicate_of ON batch_jobs (duplicate_of)
        WHERE duplicate_of IS NOT NULL
        """,
        "CREATE TABLE IF NOT EXISTS batch_contents (sha256 TEXT PRIMARY KEY, job_id BIGINT NOT NULL)",
        "CREATE TABLE IF NOT EXISTS batch_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        "INSERT INTO batch_meta (key, value) VALUES ('schema_version', '1') ON CONFLICT (key) DO NOTHING",
    ] + reviewStatements

    /// The tables, created on first use under an advisory lock.
    public static let schema = PostgresSchema(
        lock: 7061204, statements: statements, metaTable: "batch_meta", subject: "the queue has",
        what: "creating the schema", setupFailure: .query, versionFailure: .corrupt)
}
