public import ActivationPipeline
public import GRDB

/// A store kept in one SQLite file, opened through ``PrivateSQLite``: its statements run in
/// transactions whose failures are its owner's codes.
public protocol SQLiteStore: Sendable {
    /// The feature the store belongs to.
    associatedtype Owner: StoreOwner

    /// Opens (creating if needed) the store at `path` and brings its schema up to date. Blocks.
    init(path: String) throws

    /// The file, opened.
    var database: PrivateSQLite<Owner> { get }
}

extension SQLiteStore {
    /// The database file.
    public var path: String { database.path }

    /// The GRDB pool, for statements of the store's own.
    public var pool: DatabasePool { database.pool }

    /// Closes the database; every later call fails with `…_STORE_QUERY`. Blocks until the
    /// statements in flight are done.
    public func close() throws(CodedFailure<Owner>) {
        try database.close()
    }

    /// Runs `body` in one write transaction; see ``PrivateSQLite/write(_:_:)``.
    package func write<T: Sendable>(_ what: String, _ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await database.write(what, body)
    }

    /// Runs `body` in one read transaction; see ``PrivateSQLite/read(_:_:)``.
    package func read<T: Sendable>(_ what: String, _ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await database.read(what, body)
    }
}
