public import Logging
package import PostgresNIO

/// A store kept in a PostgreSQL database: its tables, and the store made on a running pool.
/// Only valid inside ``withStore(_:logger:_:)``, which runs the pool.
public protocol PostgresStore: Sendable {
    /// The feature the store belongs to.
    associatedtype Owner: StoreOwner

    /// The tables, created on first use.
    static var schema: PostgresSchema { get }

    /// The store on `pool`, whose schema is in place.
    init(pool: PostgresPool<Owner>)

    /// The running pool.
    var pool: PostgresPool<Owner> { get }
}

extension PostgresStore {
    /// Connects to `url`, creates the schema if needed, runs `body`, and closes the pool.
    /// Suspends the caller for as long as `body` runs. A server that cannot be reached is
    /// `…_STORE_OPEN`.
    public static func withStore<T: Sendable>(
        _ url: PostgresURL, logger: Logger, _ body: @Sendable (Self) async throws -> T
    ) async throws -> T {
        try await PostgresPool<Owner>.run(url, logger: logger, schema: schema) { pool in try await body(Self(pool: pool)) }
    }

    /// The logger every query is made with.
    package var logger: Logger { pool.logger }

    /// Runs `body` in one transaction; see ``PostgresPool/transaction(_:_:)``.
    package func transaction<T: Sendable>(_ what: String, _ body: (PostgresConnection) async throws -> T) async throws -> T {
        try await pool.transaction(what, body)
    }

    /// Every row of `rows`, decoded.
    package static func all<each Column: PostgresDecodable & Sendable>(
        _ rows: PostgresRowSequence, as type: (repeat each Column).Type
    ) async throws -> [(repeat each Column)] {
        try await PostgresPool<Owner>.all(rows, as: type)
    }
}
