public import ActivationPipeline
import Foundation
public import GRDB

/// The project's SQLite files, opened one way: created with mode 0600 (they hold full IMEIs),
/// WAL through a GRDB `DatabasePool`, a 30 s busy timeout (the time left under a
/// ``StoreDeadline``), `synchronous = NORMAL`, and the
/// schema brought up to date. Every failure is a `CodedFailure<Owner>` with the owner's store
/// codes: `…_STORE_OPEN` when the file cannot be made or opened, `…_STORE_QUERY` when a
/// statement fails.
///
/// Thread-safe: GRDB's pool serializes writes (each an IMMEDIATE transaction) and lets reads
/// run beside them; several processes on one machine may share the file and wait up to 30 s
/// for each other's write lock. Under a ``StoreDeadline`` (a request's), a call waits for the
/// writer and for another process's lock only until the deadline (the busy timeout is the
/// time left), then fails with `…_STORE_QUERY`; a write whose deadline passed before commit is
/// rolled back, so it stores nothing. Reads and writes suspend the caller while GRDB runs the
/// statement on its own queue. SQLite gives the `-wal` and `-shm` files the file's mode. With
/// `synchronous = NORMAL`, a killed process loses nothing that was committed.
public struct PrivateSQLite<Owner: StoreOwner>: Sendable {
    /// A failure of the owner's.
    public typealias Failure = CodedFailure<Owner>

    /// The database file.
    public let path: String
    /// The GRDB pool, for the store's own statements.
    public let pool: DatabasePool

    /// Opens (creating if needed) the file at `path` and migrates it. Blocks the calling thread.
    public init(path: String, label: String, migrator: DatabaseMigrator) throws(Failure) {
        self.path = path
        let fd = Foundation.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw Failure(.storeOpen, "cannot create \(path): \(String(cString: strerror(errno)))")
        }
        Foundation.close(fd)
        var configuration = Configuration()
        configuration.label = label
        configuration.busyMode = .timeout(Double(Self.busyMilliseconds) / 1000)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            do {
                try migrator.migrate(pool)
            } catch {
                // Two processes that open a new file at once (a run and a status beside it) both
                // read that nothing is applied before either takes the write lock; the one that
                // waited then fails on the tables the other made. Once more, it finds them applied.
                try migrator.migrate(pool)
            }
        } catch {
            throw Failure(.storeOpen, "cannot open the database \(path)", cause: error)
        }
    }

    /// Runs `body` in one write transaction; the owner's own errors pass through, and a
    /// database error is `…_STORE_QUERY` saying `what` failed.
    ///
    /// Under a ``StoreDeadline``: waits for the writer and for SQLite's write lock only until
    /// the deadline, and rolls back instead of committing once it has passed.
    public func write<T: Sendable>(_ what: String, _ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let deadline = StoreDeadline.current
        let path = path
        do {
            return try await StoreDeadline.bound({ Self.expired(what, path) }) { [pool] in
                try await pool.writeWithoutTransaction { db in
                    try Self.limitBusyWait(db, to: deadline)
                    defer { try? Self.limitBusyWait(db, to: nil) }
                    var result: T?
                    try db.inTransaction(.immediate) {
                        result = try body(db)
                        if deadline?.hasPassed == true { throw Self.expired(what, path) }
                        return .commit
                    }
                    guard let result else { throw Self.expired(what, path) }
                    return result
                }
            }
        } catch {
            throw failure(what, error)
        }
    }

    /// Runs `body` in one read transaction, failing as ``write(_:_:)`` does.
    public func read<T: Sendable>(_ what: String, _ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            let deadline = StoreDeadline.current
            let path = path
            return try await StoreDeadline.bound({ Self.expired(what, path) }) { [pool] in
                try await pool.read { db in
                    try Self.limitBusyWait(db, to: deadline)
                    defer { try? Self.limitBusyWait(db, to: nil) }
                    return try body(db)
                }
            }
        } catch {
            throw failure(what, error)
        }
    }

    /// Closes the database; every later call fails with `…_STORE_QUERY`. Blocks until the
    /// statements in flight are done.
    public func close() throws(Failure) {
        do {
            try pool.close()
        } catch {
            throw Failure(.storeQuery, "cannot close \(path)", cause: error)
        }
    }

    /// How long a call waits for another connection's lock without a deadline: 30 s.
    static var busyMilliseconds: Int { 30_000 }

    /// Sets the connection's busy timeout to the time left before `deadline` (at most
    /// ``busyMilliseconds``), or back to ``busyMilliseconds`` for nil.
    private static func limitBusyWait(_ db: Database, to deadline: StoreDeadline?) throws {
        let milliseconds = min(busyMilliseconds, deadline?.remainingMilliseconds ?? busyMilliseconds)
        try db.execute(sql: "PRAGMA busy_timeout = \(milliseconds)")
    }

    /// The failure of a call whose deadline passed: `…_STORE_QUERY`.
    private static func expired(_ what: String, _ path: String) -> Failure {
        Failure(.storeQuery, "\(what) on \(path) did not finish before the request's deadline; nothing was written")
    }

    /// `error` as the store answers it.
    private func failure(_ what: String, _ error: any Error) -> any Error {
        (error as? Failure) ?? Failure(.storeQuery, "\(what) failed on \(path)", cause: error)
    }
}
