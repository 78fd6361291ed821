@testable import ActivationBatch
@testable import ActivationPipeline
@testable import ActivationReader
@testable import ActivationStorage
import Foundation
import TestSupport
import Testing

/// What only the PostgreSQL job store does (the shared scenarios are ``JobStoreTests``), one
/// fresh schema per test.
/// Runs when `ACTIVATION_TEST_POSTGRES_URL` is set (see `scripts/with-postgres.sh`).
@Suite(.enabled(if: TestPostgres.baseURL != nil, "set ACTIVATION_TEST_POSTGRES_URL (scripts/with-postgres.sh)"))
struct PostgresJobStoreTests {
    static func freshURL() throws -> String { try TestPostgres.freshURL() }

    /// Two pools (as two machines would) on one queue: every input recorded once, each
    /// content read once, and claims never collide.
    @Test func twoPoolsShareOneQueue() async throws {
        let url = try PostgresURL(parsing: try Self.freshURL())
        let fixture = try BatchFixture.make(corpusImages: 4, synthetic: 12)
        defer { fixture.remove() }
        let readers = CountingReaders()
        try await PostgresJobStore.withStore(url, logger: BatchTestSupport.quiet) { first in
            _ = try await first.enqueue(BatchTestSupport.expand([fixture.root, fixture.missing]).files, retryFailed: false)
            try await PostgresJobStore.withStore(url, logger: BatchTestSupport.quiet) { second in
                async let a = BatchWorkerPool(
                    store: first, options: BatchTestSupport.options(hold: .milliseconds(5)),
                    makeReader: readers.factory, logger: BatchTestSupport.quiet
                ).run(stop: StopFlag())
                async let b = BatchWorkerPool(
                    store: second, options: BatchTestSupport.options(hold: .milliseconds(5)),
                    makeReader: readers.factory, logger: BatchTestSupport.quiet
                ).run(stop: StopFlag())
                let (ta, tb) = try await (a, b)
                #expect(ta.recorded + tb.recorded == fixture.inputs.count)
                #expect(ta.leaseLost + tb.leaseLost == 0)
            }
            let records = try await BatchTestSupport.allRecords(first)
            try BatchTestSupport.expectComplete(records, inputs: fixture.inputs, reads: readers.reads)
        }
    }

    @Test func schemaIsCreatedOnceUnderConcurrentStarts() async throws {
        let url = try PostgresURL(parsing: try Self.freshURL())
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    try await PostgresJobStore.withStore(url, logger: BatchTestSupport.quiet) { try await $0.pendingCount() }
                }
            }
            for try await pending in group { #expect(pending == 0) }
        }
    }
}
