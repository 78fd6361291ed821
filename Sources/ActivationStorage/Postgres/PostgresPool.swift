package import Logging
package import PostgresNIO

/// One PostgreSQL connection pool for a store (the batch queue, the flow store): the server
/// probed first, the pool run for as long as the store is used, and transactions that retry
/// deadlocks. Thread-safe; no method blocks a thread.
package struct PostgresPool: Sendable {
    package let client: PostgresClient
    package let url: PostgresURL
    package let logger: Logger

    /// Opens and closes one connection to `url`, so that a wrong address or password fails at
    /// once with the server's reason as `cannotConnect(reason)` (the pool would retry for a
    /// minute); then runs the pool around `body`. Suspends the caller while `body` runs.
    package static func run<T: Sendable>(
        _ url: PostgresURL, logger: Logger, cannotConnect: (String) -> any Error,
        _ body: @Sendable (PostgresPool) async throws -> T
    ) async throws -> T {
        do {
            let connection = try await PostgresConnection.connect(
                configuration: try url.connectionConfiguration(), id: 0, logger: logger)
            try await connection.close()
        } catch {
            throw cannotConnect("cannot connect to \(url.redacted): \(describe(error))")
        }
        var background = logger
        background.logLevel = .error  // the pool logs every reconnect attempt at info
        let client = PostgresClient(configuration: url.clientConfiguration(), backgroundLogger: background)
        return try await withThrowingTaskGroup(of: Void.self, returning: T.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            return try await body(PostgresPool(client: client, url: url, logger: logger))
        }
    }

    /// Runs `body` in one transaction. A deadlock or serialization failure (SQLSTATE 40P01,
    /// 40001) runs it again, up to five times; any other failure is thrown as `failure(error)`.
    package func transaction<T: Sendable>(
        _ body: (PostgresConnection) async throws -> T, failure: (any Error) -> any Error
    ) async throws -> T {
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
                throw failure(error)
            }
        }
    }

    /// Whether the transaction failed on a deadlock or a serialization conflict.
    static func isTransient(_ error: PostgresTransactionError) -> Bool {
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

    /// Every row of `rows`, decoded.
    package static func all<each Column: PostgresDecodable & Sendable>(
        _ rows: PostgresRowSequence, as _: (repeat each Column).Type
    ) async throws -> [(repeat each Column)] {
        var out: [(repeat each Column)] = []
        for try await row in rows.decode((repeat each Column).self) { out.append(row) }
        return out
    }
}
