import Foundation
import Testing

/// The PostgreSQL the tests may use: `ACTIVATION_TEST_POSTGRES_URL`, set by
/// `scripts/with-postgres.sh` (and by CI). Tests that need it are skipped without it.
enum TestPostgres {
    static let baseURL = ProcessInfo.processInfo.environment["ACTIVATION_TEST_POSTGRES_URL"]

    /// The test URL with a new schema of its own, so that tests never share tables.
    static func freshURL() throws -> String {
        let base = try #require(baseURL)
        let schema = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(20)
        return base + (base.contains("?") ? "&" : "?") + "schema=\(schema)"
    }
}
