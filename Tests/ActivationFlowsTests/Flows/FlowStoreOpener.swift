@testable import ActivationFlows
@testable import ActivationPipeline
@testable import ActivationReader
@testable import ActivationStorage
import Foundation
import TestSupport
import Testing

/// Opens the same store (one SQLite file, one PostgreSQL schema) for the length of a body, as
/// one run of the service would, and closes it after: calling it twice is a restart.
struct FlowStoreOpener: Sendable {
    let open: @Sendable (_ body: @Sendable (any FlowStore) async throws -> Void) async throws -> Void

    func callAsFunction(_ body: @Sendable (any FlowStore) async throws -> Void) async throws {
        try await open(body)
    }

    /// The store at `location` (a SQLite file, a PostgreSQL schema with a new connection pool),
    /// opened anew each time.
    static func at(_ location: StoreLocation) -> FlowStoreOpener {
        FlowStoreOpener { body in
            try await location.withStore(FlowStores.self, logger: TestLoggers.quiet) { store in try await body(store) }
        }
    }
}
