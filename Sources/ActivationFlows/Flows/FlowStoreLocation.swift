public import ActivationStorage
public import Logging

/// Which store the flows use: a local SQLite file (the default) or a PostgreSQL server.
public enum FlowStoreLocation: Sendable, Hashable, CustomStringConvertible {
    case sqlite(path: String)
    case postgres(PostgresURL)

    /// The SQLite file used when no location is given.
    public static let defaultDatabase = "activation-flows.sqlite"

    /// The location for a service's options: the PostgreSQL URL when one is given, else the
    /// SQLite file `db` (or ``defaultDatabase``). `FLOW_INVALID_STORE_URL` for a URL that is
    /// not a usable `postgres://` URL; both at once are refused too.
    public static func from(db: String?, url: String?) throws(FlowError) -> FlowStoreLocation {
        switch (db, url) {
        case (.some, .some):
            throw FlowError(.invalidStoreURL, "give either a database file or a postgres:// URL, not both")
        case (_, .some(let url)):
            do {
                return .postgres(try PostgresURL(parsing: url))
            } catch {
                throw FlowError(.invalidStoreURL, error.message)
            }
        case (.some(let db), nil):
            return .sqlite(path: db)
        case (nil, nil):
            return .sqlite(path: defaultDatabase)
        }
    }

    public var description: String {
        switch self {
        case .sqlite(let path): return path
        case .postgres(let url): return url.redacted
        }
    }

    /// Opens the store, runs `body` with it, and closes it. Suspends the caller while `body`
    /// runs (a service runs its whole life inside `body`); opening a SQLite file blocks briefly.
    public func withStore<T: Sendable>(
        logger: Logger, _ body: @Sendable (any FlowStore) async throws -> T
    ) async throws -> T {
        switch self {
        case .sqlite(let path):
            let store = try SQLiteFlowStore(path: path)
            defer { try? store.close() }
            return try await body(store)
        case .postgres(let url):
            return try await PostgresFlowStore.withStore(url, logger: logger) { store in try await body(store) }
        }
    }
}
