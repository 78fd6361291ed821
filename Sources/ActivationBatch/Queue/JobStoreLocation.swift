public import ActivationStorage
public import Logging

/// Which store a batch command uses: a local SQLite file (`--db`) or a PostgreSQL queue (`--queue`).
public enum JobStoreLocation: Sendable, Hashable, CustomStringConvertible {
    case sqlite(path: String)
    case postgres(PostgresURL)

    /// The SQLite file used when neither `--db` nor `--queue` is given.
    public static let defaultDatabase = "activation-batch.sqlite"

    /// The location for the command-line options; at most one may be given.
    public static func from(db: String?, queue: String?) throws(BatchError) -> JobStoreLocation {
        switch (db, queue) {
        case (.some, .some):
            throw BatchError(.invalidArgument, "give either --db FILE or --queue URL, not both")
        case (_, .some(let queue)):
            do {
                return .postgres(try PostgresURL(parsing: queue))
            } catch {
                throw BatchError(.invalidQueueURL, error.message)
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

    /// Opens the store, runs `body` with it, and closes it. Suspends the caller while `body` runs.
    public func withStore<T: Sendable>(
        logger: Logger, _ body: @Sendable (any JobStore) async throws -> T
    ) async throws -> T {
        switch self {
        case .sqlite(let path):
            let store = try SQLiteJobStore(path: path)
            return try await body(store)
        case .postgres(let url):
            return try await PostgresJobStore.withStore(url, logger: logger) { store in try await body(store) }
        }
    }
}
