@testable import ActivationFlows
import ActivationPipeline
@testable import ActivationStorage
import Foundation
import TestSupport
import Testing

/// The flow store under a request's ``StoreDeadline``, on every backend: a call whose deadline
/// has passed fails with `FLOW_STORE_QUERY` and writes nothing; a call with time left works as
/// before (the busy timeout, PostgreSQL's `statement_timeout`, are the time left).
@Suite struct FlowStoreDeadlineTests {
    @Test("a create whose deadline has passed is FLOW_STORE_QUERY and stores nothing", arguments: StoreBackend.available)
    func passedDeadlineWritesNothing(_ backend: StoreBackend) async throws {
        try await backend.withLocation(file: "flows.sqlite") { location in
            try await FlowStoreOpener.at(location)({ store in
                let flows = ActivationFlows(store: store)
                let passed = StoreDeadline(.now - .milliseconds(1))
                await #expect { try await StoreDeadline.run(passed) { try await flows.create(token: "t") } } throws: {
                    ($0 as? FlowError)?.code == .storeQuery
                }
                let record = ActivationRecord(id: UUID(), machine: ActivationMachine(), version: 1, createdAt: Date(), updatedAt: Date())
                await #expect { try await StoreDeadline.run(passed) { try await store.create(record) } } throws: {
                    ($0 as? FlowError)?.code == .storeQuery
                }
                let stored = try await store.activation(id: record.id)
                #expect(stored == nil, "nothing was written")
            })
        }
    }

    @Test("a call with time left works, and the store goes back to its own wait after", arguments: StoreBackend.available)
    func timeLeftWorks(_ backend: StoreBackend) async throws {
        try await backend.withLocation(file: "flows.sqlite") { location in
            try await FlowStoreOpener.at(location)({ store in
                let flows = ActivationFlows(store: store)
                let view = try await StoreDeadline.run(StoreDeadline(after: .seconds(60))) { try await flows.create(token: "t") }
                let read = try await StoreDeadline.run(StoreDeadline(after: .seconds(60))) { try await flows.get(id: view.id) }
                #expect(read.version == 1)
                let later = try await flows.create(token: "t")
                let reread = try await flows.get(id: later.id)
                #expect(reread.version == 1, "no deadline: the store's own wait")
            })
        }
    }

    @Test(
        "a PostgreSQL table locked by another connection: a create fails by its 1 s deadline (statement_timeout) and stores nothing",
        .enabled(if: StoreBackend.available.contains(.postgres)))
    func lockedPostgresTableIsBounded() async throws {
        try await StoreBackend.postgres.withLocation(file: "flows") { location in
            guard case .postgres(let url) = location else { return }
            try await PostgresFlowStore.withStore(url, logger: TestLoggers.quiet) { store in
                let flows = ActivationFlows(store: store)
                _ = try await flows.create(token: "t")
                let (locked, lockTaken) = AsyncStream<Void>.makeStream()
                let (release, releasing) = AsyncStream<Void>.makeStream()
                let holder = Task {
                    try await store.pool.transaction("holding a lock") { c in
                        try await c.query("LOCK TABLE activations IN ACCESS EXCLUSIVE MODE", logger: store.logger)
                        lockTaken.yield()
                        for await _ in release { break }
                    }
                }
                for await _ in locked { break }
                let clock = ContinuousClock()
                let start = clock.now
                await #expect {
                    try await StoreDeadline.run(StoreDeadline(after: .seconds(1))) { try await flows.create(token: "t") }
                } throws: {
                    ($0 as? FlowError)?.code == .storeQuery
                }
                let elapsed = clock.now - start
                releasing.yield()
                releasing.finish()
                try await holder.value
                #expect(elapsed >= .milliseconds(800) && elapsed < .seconds(10), "failed after \(elapsed)")
                try await Task.sleep(for: .milliseconds(200))
                let rows = try await store.pool.rows("counting", "SELECT count(*)::bigint FROM activations", as: (Int64).self)
                #expect(rows.first == 1, "the create past its deadline stored nothing")
            }
        }
    }

    @Test func remainingIsBoundedBelowByOneMillisecond() {
        #expect(StoreDeadline(.now - .seconds(3)).remainingMilliseconds == 1)
        #expect(StoreDeadline(.now - .seconds(3)).hasPassed)
        let ahead = StoreDeadline(after: .seconds(10)).remainingMilliseconds
        #expect(ahead > 9_000 && ahead <= 10_000)
    }
}
