public import ActivationPipeline
public import Logging
public import PostgresNIO

/// One PostgreSQL connection pool for a store (the batch queue, the flow store): the server
/// probed first, the schema created once, the pool run for as long as the store is used, and
/// transactions that retry deadlocks. Under a ``StoreDeadline`` a transaction sets
/// `statement_timeout` to the time left and rolls back once it has passed. Every failure is a `CodedFailure<Owner>` with the owner's
/// store codes, and never carries a query or its binds (rows hold full IMEIs). Thread-safe; no
/// method blocks a thread.
public struct PostgresPool<Owner: StoreOwner>: Sendable {
    /// A failure of the owner's.
    public typealias Failure = CodedFailure<Owner>

    let client: PostgresClient
    /// Where the pool connects.
    public let url: PostgresURL
    /// The logger every query is made with.
    public let logger: Logger

    /// Opens and closes one connection to `url`, so that a wrong address or password fails at
    /// once with the server's reason as `…_STORE_OPEN` (the pool would retry for a minute);
    /// then runs the pool, creates `schema` if need be, and runs `body`. Suspends the caller
    /// while `body` runs.
    package static func run<T: Sendable>(
        _ url: PostgresURL, logger: Logger, schema: PostgresSchema, _ body: @Sendable (PostgresPool) async throws -> T
    ) async throws -> T {
        do {
            let connection = try await PostgresConnection.connect(
                configuration: try url.connectionConfiguration(), id: 0, logger: logger)
            try await connection.close()
        } catch {
            throw Failure(.storeOpen, "cannot connect to \(url.redacted): \(Self.describe(error))")
        }
        var background = logger
        background.logLevel = .error  // the pool logs every reconnect attempt at info
        let client = PostgresClient(configuration: url.clientConfiguration(), backgroundLogger: background)
        return try await withThrowingTaskGroup(of: Void.self, returning: T.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            let pool = PostgresPool(client: client, url: url, logger: logger)
            try await pool.create(schema)
            return try await body(pool)
        }
    }

    /// Runs `body` in one transaction. A deadlock or serialization failure (SQLSTATE 40P01,
    /// 40001) runs it again, up to five times; the owner's own errors pass through, and any
    /// other failure is `…_STORE_QUERY` saying `what` failed, caused by ``PostgresUnavailable``
    /// when a later attempt may succeed (the server restarting, a dropped connection).
    public func transaction<T: Sendable>(_ what: String, _ body: (PostgresConnection) async throws -> T) async throws -> T {
        try await transaction(what, failing: .query, body)
    }

    /// ``transaction(_:_:)``, with other failures counted as `failure`.
    private func transaction<T: Sendable>(
        _ what: String, failing failure: StoreFailure, _ body: (PostgresConnection) async throws -> T
    ) async throws -> T {
        var attempt = 1
        while true {
            do {
                let deadline = StoreDeadline.current
                return try await client.withTransaction(logger: logger) { connection in
                    if let deadline {
                        guard !deadline.hasPassed else { throw expired(what) }
                        try await connection.query(
                            PostgresQuery(unsafeSQL: "SET LOCAL statement_timeout = \(deadline.remainingMilliseconds)"), logger: logger)
                    }
                    let result = try await body(connection)
                    if deadline?.hasPassed == true { throw expired(what) }
                    return result
                }
            } catch let error as PostgresTransactionError where attempt < 5 && Self.isTransient(error) {
                attempt += 1
                try await Task.sleep(for: .milliseconds(20 * attempt))
            } catch {
                if let own = (error as? Failure) ?? ((error as? PostgresTransactionError)?.closureError as? Failure) {
                    throw own
                }
                throw Failure(
                    .store(failure), "\(what) failed on \(url.redacted): \(Self.reason(error))",
                    cause: PostgresUnavailable.isTransient(error) ? PostgresUnavailable() : nil)
            }
        }
    }

    /// The rows of one `query`, decoded, in a transaction of its own. Under a
    /// ``StoreDeadline``, `…_STORE_QUERY` at the deadline even while the pool still waits for a
    /// connection (a server that is down), and nothing is committed after it.
    public func rows<each Column: PostgresDecodable & Sendable>(
        _ what: String, _ query: PostgresQuery, as type: (repeat each Column).Type
    ) async throws -> [(repeat each Column)] {
        try await boundedTransaction(what) { [logger] connection in
            try await Self.all(connection.query(query, logger: logger), as: (repeat each Column).self)
        }
    }

    /// ``transaction(_:_:)`` under the ``StoreDeadline``: `…_STORE_QUERY` at the deadline even
    /// while the pool still waits for a connection (a server that is down); the transaction
    /// left behind commits nothing, since it checks the deadline before commit.
    public func boundedTransaction<T: Sendable>(
        _ what: String, _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        try await StoreDeadline.bound({ [self] in expired(what) }) { [self] in try await transaction(what, body) }
    }

    /// The failure of a call whose deadline passed: `…_STORE_QUERY`.
    private func expired(_ what: String) -> Failure {
        Failure(.storeQuery, "\(what) on \(url.redacted) did not finish before the request's deadline; nothing was written")
    }

    /// Every row of `rows`, decoded.
    public static func all<each Column: PostgresDecodable & Sendable>(
        _ rows: PostgresRowSequence, as _: (repeat each Column).Type
    ) async throws -> [(repeat each Column)] {
        var out: [(repeat each Column)] = []
        for try await row in rows.decode((repeat each Column).self) { out.append(row) }
        return out
    }

    /// Creates `schema`'s tables unless they are there, under its advisory lock, and checks
    /// their version.
    private func create(_ schema: PostgresSchema) async throws {
        try await transaction(schema.what, failing: schema.setupFailure) { c in
            try await c.query(PostgresQuery(unsafeSQL: "SELECT pg_advisory_xact_lock(\(schema.lock))"), logger: logger)
            if let name = url.schema {
                try await c.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \"\(name)\""), logger: logger)
            }
            for statement in schema.statements {
                try await c.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
            let rows = try await c.query(
                PostgresQuery(unsafeSQL: "SELECT value FROM \(schema.metaTable) WHERE key = 'schema_version'"), logger: logger)
            let version = try await Self.all(rows, as: (String).self).first
            guard version == PostgresSchema.version else {
                throw Failure(
                    .store(schema.versionFailure),
                    "\(schema.subject) schema version \(version ?? "none"); this binary knows \(PostgresSchema.version)")
            }
        }
    }

    /// Whether the transaction failed on a deadlock or a serialization conflict.
    package static func isTransient(_ error: PostgresTransactionError) -> Bool {
        let causes = [error.closureError, error.commitError].compactMap { $0 as? PSQLError }
        return causes.contains { ["40P01", "40001"].contains($0.serverInfo?[.sqlState] ?? "") }
    }

    /// Why a transaction or query failed, without its query or binds (results hold full IMEIs).
    package static func reason(_ error: any Error) -> String {
        guard let failed = error as? PostgresTransactionError else { return describe(error) }
        return describe(failed.closureError ?? failed.commitError ?? failed.beginError ?? failed.rollbackError)
    }

    /// A PostgreSQL error without its query or binds: code, SQLSTATE and server message.
    package static func describe(_ error: (any Error)?) -> String {
        guard let error else { return "unknown error" }
        guard let psql = error as? PSQLError else { return String(describing: error) }
        var parts = ["\(psql.code)"]
        if let state = psql.serverInfo?[.sqlState] { parts.append("SQLSTATE \(state)") }
        if let message = psql.serverInfo?[.message] { parts.append(message) }
        if let underlying = psql.underlying { parts.append(String(describing: underlying)) }
        return parts.joined(separator: ": ")
    }
}
