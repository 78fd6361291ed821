public import Logging
import PostgresNIO

/// The shared store: a queue in PostgreSQL, through PostgresNIO, for workers on any machine.
///
/// Claims take `SELECT … FOR UPDATE SKIP LOCKED`, so workers never wait on each other's rows;
/// the lease clock is the server's, so workers' clocks need not agree. Every method is one
/// transaction on a pooled connection; none blocks a thread. Thread-safe. Only valid inside
/// ``withStore(_:logger:_:)``, which runs the connection pool.
public final class PostgresJobStore: JobStore {
    let client: PostgresClient
    let logger: Logger
    let url: PostgresURL

    /// The server's clock in milliseconds since 1970, as SQL.
    static let nowMs = "(extract(epoch from clock_timestamp()) * 1000)::bigint"

    private init(client: PostgresClient, url: PostgresURL, logger: Logger) {
        self.client = client
        self.url = url
        self.logger = logger
    }

    /// Connects to `url`, creates the schema if needed, runs `body`, and closes the pool.
    /// Suspends the caller for as long as `body` runs.
    public static func withStore<T: Sendable>(
        _ url: PostgresURL, logger: Logger, _ body: @Sendable (PostgresJobStore) async throws -> T
    ) async throws -> T {
        try await probe(url, logger: logger)
        var background = logger
        background.logLevel = .error  // the pool logs every reconnect attempt at info
        let client = PostgresClient(configuration: url.clientConfiguration(), backgroundLogger: background)
        return try await withThrowingTaskGroup(of: Void.self, returning: T.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            let store = PostgresJobStore(client: client, url: url, logger: logger)
            try await store.migrate()
            return try await body(store)
        }
    }

    /// Opens and closes one connection, so that a wrong address or password fails at once with
    /// the server's reason (the pool would retry for a minute).
    private static func probe(_ url: PostgresURL, logger: Logger) async throws {
        do {
            let connection = try await PostgresConnection.connect(
                configuration: try url.connectionConfiguration(), id: 0, logger: logger)
            try await connection.close()
        } catch {
            throw BatchError(.storeOpen, "cannot connect to \(url.redacted): \(describe(error))")
        }
    }

    /// Runs `body` in one transaction, turning failures into `BatchError`s that never carry
    /// bound values (results hold full IMEIs).
    /// A deadlock or serialization failure (SQLSTATE 40P01, 40001) runs the transaction again,
    /// up to five times.
    func transaction<T: Sendable>(_ what: String, _ body: (PostgresConnection) async throws -> T) async throws -> T {
        var attempt = 1
        while true {
            do {
                return try await client.withTransaction(logger: logger) { connection in
                    try await body(connection)
                }
            } catch let error as PostgresTransactionError where attempt < 5 && Self.isTransient(error) {
                attempt += 1
                try await Task.sleep(for: .milliseconds(20 * attempt))
            } catch {
                throw Self.batchError(error, what: what, url: url)
            }
        }
    }

    /// Whether the transaction failed on a deadlock or a serialization conflict.
    static func isTransient(_ error: PostgresTransactionError) -> Bool {
        let causes = [error.closureError, error.commitError].compactMap { $0 as? PSQLError }
        return causes.contains { ["40P01", "40001"].contains($0.serverInfo?[.sqlState] ?? "") }
    }

    /// Any failure as a `BatchError` that never carries bound values.
    static func batchError(_ error: any Error, what: String, url: PostgresURL) -> BatchError {
        switch error {
        case let error as BatchError:
            return error
        case let error as PostgresTransactionError:
            if let inner = error.closureError as? BatchError { return inner }
            let cause = error.closureError ?? error.commitError ?? error.beginError ?? error.rollbackError
            return BatchError(.storeQuery, "\(what) failed on \(url.redacted): \(describe(cause))")
        default:
            return BatchError(.storeQuery, "\(what) failed on \(url.redacted): \(describe(error))")
        }
    }

    /// A PostgreSQL error without its query or binds: code, SQLSTATE and server message.
    static func describe(_ error: (any Error)?) -> String {
        guard let error else { return "unknown error" }
        guard let psql = error as? PSQLError else { return String(describing: error) }
        var parts = ["\(psql.code)"]
        if let state = psql.serverInfo?[.sqlState] { parts.append("SQLSTATE \(state)") }
        if let message = psql.serverInfo?[.message] { parts.append(message) }
        if let underlying = psql.underlying { parts.append(String(describing: underlying)) }
        return parts.joined(separator: ": ")
    }

    /// Every row of `rows`, decoded.
    static func all<each Column: PostgresDecodable & Sendable>(
        _ rows: PostgresRowSequence, as _: (repeat each Column).Type
    ) async throws -> [(repeat each Column)] {
        var out: [(repeat each Column)] = []
        for try await row in rows.decode((repeat each Column).self) { out.append(row) }
        return out
    }

    private func migrate() async throws {
        try await transaction("creating the schema") { c in
            try await c.query("SELECT pg_advisory_xact_lock(7061204)", logger: logger)
            if let schema = url.schema {
                try await c.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \"\(schema)\""), logger: logger)
            }
            for statement in Self.schema {
                try await c.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
            let rows = try await c.query("SELECT value FROM batch_meta WHERE key = 'schema_version'", logger: logger)
            let version = try await Self.all(rows, as: (String).self).first
            guard version == "1" else {
                throw BatchError(.storeCorrupt, "the queue has schema version \(version ?? "none"); this binary knows 1")
            }
        }
    }

    /// The schema: the same columns as the SQLite store. Results are TEXT, not JSONB, so that
    /// export gives back the reader's JSON byte for byte. Paths sort bytewise (`COLLATE "C"`).
    static let schema = [
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
    ]

    public func enqueue(_ inputs: [JobInput], retryFailed: Bool) async throws -> EnqueueReport {
        var report = EnqueueReport()
        var start = 0
        while start < inputs.count {
            let chunk = Array(inputs[start..<min(start + 500, inputs.count)])
            start += chunk.count
            let part = try await transaction("enqueue") { c in
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
            report.merge(part)
        }
        return report
    }

    private func apply(_ action: EnqueuePlan.Action, input: JobInput, on c: PostgresConnection) async throws {
        let now = BatchClock.nowMs()
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
                SELECT path, state, sha256, size, duration_ms, duplicate_of, result_json, attempts, writes
                FROM batch_jobs WHERE state IN ('done', 'failed') AND path > \(path ?? "")
                ORDER BY path LIMIT \(limit)
                """, logger: logger)
            return try await Self.all(
                rows, as: (String, String, String?, Int?, Int?, String?, String?, Int, Int).self)
        }
        return try rows.map { path, state, sha, size, duration, duplicateOf, json, attempts, writes in
            guard let json else { throw BatchError(.storeCorrupt, "finished row \(path) has no result") }
            return BatchRecord(
                result: try BatchJSON.decodeResult(json, path: path), state: try Self.state(state, path: path),
                sha256: sha, bytes: size, durationMs: duration, duplicateOf: duplicateOf,
                attempts: attempts, writes: writes)
        }
    }

    /// The state column's value, or `storeCorrupt`.
    static func state(_ text: String, path: String) throws(BatchError) -> JobState {
        guard let state = JobState(rawValue: text) else {
            throw BatchError(.storeCorrupt, "row \(path) has an unknown state \(text)")
        }
        return state
    }
}
