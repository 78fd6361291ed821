import Foundation

/// The PostgreSQL the tests may use: `ACTIVATION_TEST_POSTGRES_URL`, set by
/// `scripts/with-postgres.sh` (and by CI). Tests that need it are skipped without it.
public enum TestPostgres {
    /// Why a test that needs the server could not have one.
    public struct Unavailable: Error, CustomStringConvertible {
        public var description: String { "ACTIVATION_TEST_POSTGRES_URL is not set" }
    }

    public static let baseURL = ProcessInfo.processInfo.environment["ACTIVATION_TEST_POSTGRES_URL"]

    /// The test URL with a new schema of its own, so that tests never share tables.
    public static func freshURL() throws -> String {
        guard let base = baseURL else { throw Unavailable() }
        let schema = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(20)
        return base + (base.contains("?") ? "&" : "?") + "schema=\(schema)"
    }
}
