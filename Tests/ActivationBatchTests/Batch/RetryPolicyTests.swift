@testable import ActivationBatch
@testable import ActivationPipeline
@testable import ActivationStorage
import Foundation
import Testing

/// The workers' backoff, their sorting of failures into transient and permanent, the bound on
/// each store call and the watchdog: pure, with the random draw and the clock passed in.
@Suite struct RetryPolicyTests {
    let policy = RetryPolicy(initial: .milliseconds(100), maximum: .seconds(5), multiplier: 2)

    @Test func delaysGrowExponentiallyWithEqualJitterUpToTheCap() {
        #expect(policy.delay(afterAttempt: 1, unit: 0) == .milliseconds(50))
        #expect(policy.delay(afterAttempt: 1, unit: 1) == .milliseconds(100))
        #expect(policy.delay(afterAttempt: 2, unit: 1) == .milliseconds(200))
        #expect(policy.delay(afterAttempt: 4, unit: 0.5) == .milliseconds(600))
        // 100 ms × 2^9 is past the cap: from half the cap to the cap, whatever the attempt.
        #expect(policy.delay(afterAttempt: 10, unit: 0) == .milliseconds(2500))
        #expect(policy.delay(afterAttempt: 10, unit: 1) == .seconds(5))
        #expect(policy.delay(afterAttempt: 1_000_000, unit: 1) == .seconds(5))
        // Draws outside 0...1 are clamped; attempt 0 counts as the first.
        #expect(policy.delay(afterAttempt: 1, unit: 7) == .milliseconds(100))
        #expect(policy.delay(afterAttempt: 0, unit: -1) == .milliseconds(50))
        #expect(policy.delay(afterAttempt: 3, unit: .nan) == .milliseconds(200))
    }

    @Test func randomDelaysStayWithinTheirBand() {
        for attempt in 1...12 {
            let low = policy.delay(afterAttempt: attempt, unit: 0), high = policy.delay(afterAttempt: attempt, unit: 1)
            for _ in 0..<20 {
                let delay = policy.delay(afterAttempt: attempt)
                #expect(delay >= low && delay <= high)
            }
        }
    }

    @Test func outagesAndTimeoutsAreTransientEverythingElsePermanent() {
        #expect(RetryPolicy.isTransient(BatchError(.storeQuery, "x", cause: PostgresUnavailable())))
        #expect(RetryPolicy.isTransient(BatchError(.storeQuery, "x", cause: RetryPolicy.TimedOut())))
        #expect(!RetryPolicy.isTransient(BatchError(.storeQuery, "x")))
        #expect(!RetryPolicy.isTransient(BatchError(.storeCorrupt, "x")))
        #expect(!RetryPolicy.isTransient(CancellationError()))
        for state in ["57P01", "57P02", "57P03", "08000", "08003", "08006", "08001", "57014", "53300", "40001", "40P01"] {
            #expect(PostgresUnavailable.isTransient(sqlState: state), "\(state)")
        }
        for state in ["23505", "42P01", "42601", "28P01", "3D000", "22P02", "XX000"] {
            #expect(!PostgresUnavailable.isTransient(sqlState: state), "\(state)")
        }
        #expect(!PostgresUnavailable.isTransient(nil))
        #expect(!PostgresUnavailable.isTransient(CancellationError()))
    }

    /// A call that does not answer is abandoned at its bound, as transient.
    @Test func aStoreCallThatHangsTimesOut() async throws {
        let clock = ContinuousClock(), start = clock.now
        await #expect(throws: BatchError.self) {
            try await BatchWorkerPool.withTimeout(.milliseconds(50), "hanging") {
                try await Task.sleep(for: .seconds(600))
                return 1
            }
        }
        // Far under the hang, with room for a loaded machine whose cooperative threads the
        // suite's synchronous OCR tests hold for seconds.
        #expect(clock.now - start < .seconds(120))
        do {
            _ = try await BatchWorkerPool.withTimeout(.milliseconds(20), "hanging") {
                try await Task.sleep(for: .seconds(600))
                return 1
            }
        } catch {
            #expect(RetryPolicy.isTransient(error))
        }
        #expect(try await BatchWorkerPool.withTimeout(.seconds(30), "quick") { 7 } == 7)
    }

    @Test func theWatchdogNamesAStalledWorkerOnce() {
        let watchdog = BatchWatchdog(limit: .seconds(10))
        let t0 = ContinuousClock.now
        watchdog.begin(worker: 0, doing: "claiming an input", now: t0)
        watchdog.begin(worker: 1, doing: "reading an image", now: t0 + .seconds(5))
        #expect(watchdog.stalls(now: t0 + .seconds(10)).isEmpty)
        let stalls = watchdog.stalls(now: t0 + .seconds(12))
        #expect(stalls == [.init(worker: 0, doing: "claiming an input", lasted: .seconds(12))])
        #expect(watchdog.stalls(now: t0 + .seconds(13)).isEmpty, "each stall is named once")
        #expect(watchdog.stalls(now: t0 + .seconds(16)).map(\.worker) == [1])
        // Progress starts a new step; a worker that returned is never a stall.
        watchdog.begin(worker: 0, doing: "recording a result", now: t0 + .seconds(20))
        watchdog.end(worker: 1)
        #expect(watchdog.stalls(now: t0 + .seconds(25)).isEmpty)
        #expect(watchdog.stalls(now: t0 + .seconds(31)).map(\.doing) == ["recording a result"])
    }
}
