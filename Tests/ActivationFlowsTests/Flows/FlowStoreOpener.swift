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

    /// The SQLite file at `path`, opened anew each time.
    static func sqlite(path: String) -> FlowStoreOpener {
        FlowStoreOpener { body in
            let store = try SQLiteFlowStore(path: path)
            do {
                try await body(store)
            } catch {
                try? store.close()
                throw error
            }
            try store.close()
        }
    }

    /// The PostgreSQL schema of `url`, with a new connection pool each time.
    static func postgres(url: PostgresURL) -> FlowStoreOpener {
        FlowStoreOpener { body in
            try await PostgresFlowStore.withStore(url, logger: TestLoggers.quiet) { store in try await body(store) }
        }
    }
}
