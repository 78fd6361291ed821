public import ActivationPipeline
public import Logging

/// Where a store is kept: a local SQLite file or a PostgreSQL database. One type for every
/// feature's store (the batch queue, the flows); each feature names its default file and
/// refuses its options in its own words.
public enum StoreLocation: Sendable, Hashable, CustomStringConvertible {
    case sqlite(path: String)
    case postgres(PostgresURL)

    /// The PostgreSQL database at `url` when one is given, else the SQLite file `file`, else
    /// `defaultFile`. Giving both is `bothGiven`; a `url` that is not a usable `postgres://` URL
    /// is the owner's `invalidURL`.
    public init<Owner: StoreOwner>(
        file: String?, url: String?, defaultFile: String, bothGiven: @autoclosure () -> CodedFailure<Owner>
    ) throws(CodedFailure<Owner>) {
        switch (file, url) {
        case (.some, .some):
            throw bothGiven()
        case (_, .some(let url)):
            do {
                self = .postgres(try PostgresURL(parsing: url))
            } catch {
                throw CodedFailure(.invalidURL, error.message)
            }
        case (let file, nil):
            self = .sqlite(path: file ?? defaultFile)
        }
    }

    /// The file's path, or the URL without its password.
    public var description: String {
        switch self {
        case .sqlite(let path): path
        case .postgres(let url): url.redacted
        }
    }

    /// Opens the `Family` store kept here, runs `body` with it, and closes it: the SQLite file
    /// (opening it blocks briefly), or the PostgreSQL database with its pool running for as long
    /// as `body` does. Suspends the caller while `body` runs (a service runs its whole life in it).
    public func withStore<Family: StoreFamily, T: Sendable>(
        _ family: Family.Type, logger: Logger, _ body: @Sendable (Family.Store) async throws -> T
    ) async throws -> T {
        switch self {
        case .sqlite(let path):
            let file = try Family.File(path: path)
            defer { try? file.close() }
            return try await body(Family.store(file))
        case .postgres(let url):
            return try await Family.Server.withStore(url, logger: logger) { server in try await body(Family.store(server)) }
        }
    }
}
