@testable import ActivationBatch
@testable import ActivationPipeline
@testable import ActivationReader
@testable import ActivationStorage
import Foundation
import TestSupport
import Testing

/// The pure decisions of the batch: what enqueueing does to a row, what an outcome becomes,
/// whose lease is abandoned.
@Suite struct BatchPolicyTests {
    let input = JobInput(path: "/a.png", size: 10, mtimeMs: 1000)

    @Test func newPathsAreInserted() {
        #expect(EnqueuePlan.action(for: input, existing: nil, retryFailed: false) == .insert)
    }

    @Test func finishedUnchangedFilesAreSkippedAndChangedOnesRequeued() {
        for state in [JobState.done, .failed] {
            let same = EnqueuePlan.Existing(state: state, size: 10, mtimeMs: 1000)
            #expect(EnqueuePlan.action(for: input, existing: same, retryFailed: false) == .skipFinished)
            let resized = EnqueuePlan.Existing(state: state, size: 11, mtimeMs: 1000)
            #expect(EnqueuePlan.action(for: input, existing: resized, retryFailed: true) == .requeueChanged)
            let touched = EnqueuePlan.Existing(state: state, size: 10, mtimeMs: 999)
            #expect(EnqueuePlan.action(for: input, existing: touched, retryFailed: false) == .requeueChanged)
        }
        let appeared = EnqueuePlan.Existing(state: .failed, size: nil, mtimeMs: nil)
        #expect(EnqueuePlan.action(for: input, existing: appeared, retryFailed: false) == .requeueChanged)
    }

    @Test func failuresAreRetriedOnlyWhenAsked() {
        let failed = EnqueuePlan.Existing(state: .failed, size: 10, mtimeMs: 1000)
        #expect(EnqueuePlan.action(for: input, existing: failed, retryFailed: true) == .retryFailed)
        let done = EnqueuePlan.Existing(state: .done, size: 10, mtimeMs: 1000)
        #expect(EnqueuePlan.action(for: input, existing: done, retryFailed: true) == .skipFinished)
    }

    @Test(arguments: [JobState.queued, .running, .waiting])
    func pendingRowsAreLeftAlone(_ state: JobState) {
        let changed = EnqueuePlan.Existing(state: state, size: 99, mtimeMs: 1000)
        let expected: EnqueuePlan.Action = state == .queued ? .refresh : .skipPending
        #expect(EnqueuePlan.action(for: input, existing: changed, retryFailed: true) == expected)
        let same = EnqueuePlan.Existing(state: state, size: 10, mtimeMs: 1000)
        #expect(EnqueuePlan.action(for: input, existing: same, retryFailed: true) == .skipPending)
    }

    @Test func enqueueReportCountsEveryAction() {
        var report = EnqueueReport()
        for action in [EnqueuePlan.Action.insert, .insert, .requeueChanged, .retryFailed, .refresh, .skipFinished, .skipPending] {
            report.count(action)
        }
        #expect(report.added == 2 && report.changed == 1 && report.retried == 1)
        #expect(report.alreadyFinished == 1 && report.alreadyPending == 2)
    }

    @Test func outcomesWithRetryableErrorsAreRetriedUntilTheLastAttempt() {
        func outcome(_ error: OAError?) -> JobOutcome {
            let result = error.map { ScreenshotResult.failure("/a.png", $0) }
                ?? ScreenshotResult(file: "/a.png", imeis: [], meid: nil, error: nil)
            return JobOutcome(result: result, sha256: nil, bytes: nil, durationMs: 1, duplicateOf: nil)
        }
        for retryable in [OAError.unableToProcess, .unknown] {
            #expect(outcome(retryable).disposition(attempts: 1, maxAttempts: 3) == .retry)
            #expect(outcome(retryable).disposition(attempts: 3, maxAttempts: 3) == .final(.failed))
        }
        for final in [OAError.unableToDoOCR, .screenshotFetch, .screenshotLoad] {
            #expect(outcome(final).disposition(attempts: 1, maxAttempts: 3) == .final(.failed))
        }
        #expect(outcome(nil).disposition(attempts: 1, maxAttempts: 3) == .final(.done))
    }

    @Test func givenUpInputsKeepTheirLastErrorOr4006() throws {
        let last = try BatchJSON.encode(.failure("/a.png", OAError.unknown.with(detail: "boom")))
        #expect(StoredResult.givenUp(path: "/a.png", attempts: 3, lastJSON: last).error?.detail == "boom")
        let crashed = StoredResult.givenUp(path: "/a.png", attempts: 3, lastJSON: nil)
        #expect(crashed.error?.code == 4006 && crashed.file == "/a.png")
        #expect(crashed.error?.detail?.contains("3 attempts") == true)
    }

    @Test func leaseOwnersRoundTripAndOnlyDeadLocalProcessesAreAbandoned() throws {
        let owner = LeaseOwner(host: "box", pid: 42, token: "t1", worker: 3)
        #expect(LeaseOwner(parsing: owner.description) == owner)
        #expect(LeaseOwner(parsing: "garbage") == nil)
        #expect(LeaseOwner(parsing: "box:x:t:1") == nil)
        let alive: (Int32) -> Bool = { $0 == 42 }
        let dead: (Int32) -> Bool = { _ in false }
        #expect(!owner.isAbandoned(onHost: "box", ownPid: 7, ownToken: "me", processExists: alive))
        #expect(owner.isAbandoned(onHost: "box", ownPid: 7, ownToken: "me", processExists: dead))
        #expect(!owner.isAbandoned(onHost: "other", ownPid: 7, ownToken: "me", processExists: dead))
        #expect(owner.isAbandoned(onHost: "box", ownPid: 42, ownToken: "me", processExists: alive), "a reused pid")
        #expect(!owner.isAbandoned(onHost: "box", ownPid: 42, ownToken: "t1", processExists: alive))
        #expect(LeaseOwner.processExists(getpid()))
        #expect(!LeaseOwner.currentHost().contains(":"))
    }

    @Test func countsAddUp() {
        var counts = BatchCounts()
        counts.add(state: .done, errorCode: nil, count: 5, duplicates: 1)
        counts.add(state: .failed, errorCode: 4001, count: 2, duplicates: 0)
        counts.add(state: .failed, errorCode: 4005, count: 1, duplicates: 1)
        counts.add(state: .queued, errorCode: 4006, count: 3, duplicates: 0)  // a retry's last error
        #expect(counts.total == 11 && counts.finished == 8 && counts.pending == 3)
        #expect(counts.byErrorCode == [4001: 2, 4005: 1])
        #expect(counts.duplicates == 2)
    }

    @Test func tallyPercentilesUseNearestRank() {
        var tally = BatchTally()
        #expect(tally.latencyPercentile(0.5) == nil)
        for ms in [50, 10, 40, 20, 30, 60, 70, 80, 90, 100] {
            tally.record(BatchEvent(kind: .read, path: "/x", state: .done, errorCode: nil, durationMs: ms))
        }
        tally.record(BatchEvent(kind: .copied, path: "/y", state: .failed, errorCode: 4001, durationMs: 1, copiesHanded: 2))
        #expect(tally.latencyPercentile(0.5) == 50)
        #expect(tally.latencyPercentile(0.95) == 100)
        #expect(tally.read == 10 && tally.copied == 3 && tally.failed == 3 && tally.recorded == 13)
    }

    @Test func aReaderThatCannotLoadIsReaderInitNamingItsWorker() async throws {
        struct NoModel: Error, CustomStringConvertible { var description: String { "no model" } }
        do {
            _ = try await BatchWorkerPool.readers(2) { throw NoModel() }
            Issue.record("the pool must not start")
        } catch {
            #expect(error.code == .readerInit && error.message.hasPrefix("batch-worker-") && error.message.hasSuffix(" could not create its reader"))
            #expect(error.cause is NoModel && error.description.hasSuffix("(caused by: no model)"))
        }
    }
}
