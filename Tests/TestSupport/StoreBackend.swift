public import ActivationStorage
import Foundation

/// Where a test keeps its store: a new SQLite file, always, and a new schema of the test
/// PostgreSQL when `scripts/with-postgres.sh` (or CI) started one. What every store must do is
/// one test over the backends, `@Test(arguments: StoreBackend.available)`, not one wrapper
/// suite per backend.
public enum StoreBackend: String, Sendable, CustomStringConvertible {
    /// A SQLite file in a new temporary folder.
    case sqlite
    /// A new schema of `ACTIVATION_TEST_POSTGRES_URL`.
    case postgres

    /// The backends this run can use: SQLite, and PostgreSQL when the test server is up.
    public static var available: [StoreBackend] {
        TestPostgres.baseURL == nil ? [.sqlite] : [.sqlite, .postgres]
    }

    /// The backend's name in test output.
    public var description: String {
        switch self {
        case .sqlite: "SQLite"
        case .postgres: "PostgreSQL"
        }
    }

    /// A new location of this backend for the length of `body`: the SQLite file `file` in a
    /// new temporary folder, removed after, or a new schema of the test database (left for the
    /// throwaway server to take with it).
    public func withLocation<T>(file: String, _ body: (StoreLocation) async throws -> T) async throws -> T {
        switch self {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            return try await body(.sqlite(path: folder + "/" + file))
        case .postgres:
            return try await body(.postgres(try PostgresURL(parsing: try TestPostgres.freshURL())))
        }
    }
}
