@testable import ActivationFlows
@testable import ActivationPipeline
@testable import ActivationReader
@testable import ActivationStorage
import Foundation
import TestSupport
import Testing

/// What only the PostgreSQL flow store does (the shared scenarios are ``FlowStoreTests``),
/// one fresh schema per test.
/// Runs when `ACTIVATION_TEST_POSTGRES_URL` is set (see `scripts/with-postgres.sh`).
@Suite(.enabled(if: TestPostgres.baseURL != nil, "set ACTIVATION_TEST_POSTGRES_URL (scripts/with-postgres.sh)"))
struct RecordsPostgresTests {
    /// Two pools on one schema, as two service instances would: each sees the other's writes,
    /// and concurrent steps through both are applied once.
    @Test func twoInstancesShareTheFlows() async throws {
        let url = try PostgresURL(parsing: try TestPostgres.freshURL())
        try await PostgresFlowStore.withStore(url, logger: TestLoggers.quiet) { first in
            try await PostgresFlowStore.withStore(url, logger: TestLoggers.quiet) { second in
                let a = ActivationFlows(store: first)
                let b = ActivationFlows(store: second)
                let view = try await ActivationFlowScenarios.started(a)
                #expect(try await b.get(id: view.id) == view)
                let step = ActivationStep.fetchDeviceId(try RecordsFixtures.screenshot().input())
                async let x = a.advance(id: view.id, step: step)
                async let y = b.advance(id: view.id, step: step)
                let results = try await [x, y]
                #expect(results.filter { !$0.refused }.count == 1)
                #expect(try await a.get(id: view.id).version == view.version + 1)
            }
        }
    }

    @Test func schemaIsCreatedOnceUnderConcurrentStarts() async throws {
        let url = try PostgresURL(parsing: try TestPostgres.freshURL())
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    try await PostgresFlowStore.withStore(url, logger: TestLoggers.quiet) { store in
                        let ids = try await store.activations(usingIMEI: RecordsFixtures.otherIMEI)
                        #expect(ids.isEmpty)
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    @Test func unreachableServerIsStoreOpen() async throws {
        let url = try PostgresURL(parsing: "postgres://nobody@127.0.0.1:1/nothing")
        let error = await RecordsFixtures.failure {
            try await PostgresFlowStore.withStore(url, logger: TestLoggers.quiet) { _ in }
        }
        #expect(error?.code == .storeOpen)
    }
}
