@testable import ActivationBatch
import ActivationPipeline
@testable import ActivationReader
@testable import ActivationStorage
import Foundation
import Testing

/// The batch's per-image budget: a reading that outlives it is stopped, recorded for good as
/// 4001 with reason `DEADLINE_EXCEEDED`, and never retried.
@Suite struct ImageBudgetTests {
    @Test func anImageOverItsBudgetIsStoppedAndRecordedOnceWithItsReason() async throws {
        let fixture = try BatchFixture.make(corpusImages: 2, synthetic: 2)
        defer { fixture.remove() }
        let db = fixture.root + "-budget.sqlite"
        defer { try? FileManager.default.removeItem(atPath: db) }
        let store = try SQLiteJobStore(path: db)
        let files = BatchTestSupport.expand([fixture.root]).files
        _ = try await store.enqueue(files, retryFailed: false)
        // Every image would hold its worker 10 minutes; the budget stops each after 200 ms.
        var options = BatchTestSupport.options(workers: 2, hold: .seconds(600), maxAttempts: 3)
        options.imageBudget = .milliseconds(200)
        let pool = BatchWorkerPool(
            store: store, options: options, makeReader: { DigestScreenshotReader() }, logger: BatchTestSupport.quiet)
        let clock = ContinuousClock(), start = clock.now
        _ = try await pool.run(stop: StopFlag())
        let took = clock.now - start
        let records = try await BatchTestSupport.allRecords(store)
        let read = records.filter { $0.sha256 != nil && $0.duplicateOf == nil }
        #expect(!read.isEmpty)
        for record in read {
            #expect(record.state == .failed, "\(record.path)")
            #expect(record.result.error?.code == 4001, "\(record.path)")
            #expect(record.result.error?.reason == OAError.Reason.deadlineExceeded, "\(record.path)")
            #expect(record.attempts == 1, "\(record.path) was tried \(record.attempts) times")
        }
        // Each image stopped at 200 ms: the whole run stays far under a single image's hold,
        // however loaded the machine (the suite's synchronous OCR tests hold the cooperative
        // threads for seconds).
        #expect(took < .seconds(120), "took \(took)")
    }
}
