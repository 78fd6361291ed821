import ActivationPipeline
import Foundation
import Synchronization
import Testing

@Suite struct WorkStopTests {
    @Test func aStopWithoutDeadlineStopsOnlyWhenAsked() {
        let stop = WorkStop()
        #expect(!stop.isStopped)
        #expect(stop.remainingMilliseconds == nil)
        stop.stop()
        #expect(stop.isStopped)
    }

    @Test func aHookRegisteredWhileRunningIsCalledOnceByTheStop() {
        let stop = WorkStop(), calls = Atomic(0)
        stop.whileRunning(onStop: { calls.add(1, ordering: .relaxed) }) {
            stop.stop()
            stop.stop()
        }
        #expect(calls.load(ordering: .relaxed) == 1)
        // Once the body returned, its hook is gone: a later stop of another reading calls nothing.
        let later = WorkStop()
        later.whileRunning(onStop: { calls.add(1, ordering: .relaxed) }) {}
        later.stop()
        #expect(calls.load(ordering: .relaxed) == 1)
    }

    @Test func aHookOfWorkStartedAfterTheStopIsCalledAtOnce() {
        let stop = WorkStop(), calls = Atomic(0)
        stop.stop()
        let value = stop.whileRunning(onStop: { calls.add(1, ordering: .relaxed) }) { 7 }
        #expect(value == 7)
        #expect(calls.load(ordering: .relaxed) == 1)
    }

    @Test func theDeadlineStopsTheWorkAndCallsItsHookFromTheTimer() {
        // Not stopped before its budget (a long one: a busy machine may pause this thread for 50 ms).
        let long = WorkStop(budget: .seconds(60))
        #expect(!long.isStopped)
        #expect((59_000...60_000).contains(long.remainingMilliseconds ?? 0))
        let stop = WorkStop(budget: .milliseconds(50)), called = Atomic(false)
        #expect((1...50).contains(stop.remainingMilliseconds ?? 0))
        let start = ContinuousClock.now
        // A body that never polls (as an engine inside one run): only the timer's hook ends it.
        stop.whileRunning(onStop: { called.store(true, ordering: .relaxed) }) {
            while !called.load(ordering: .relaxed), ContinuousClock.now - start < .seconds(5) { usleep(1000) }
        }
        let wasCalled = called.load(ordering: .relaxed)
        #expect(wasCalled)
        #expect(stop.isStopped)
        #expect(ContinuousClock.now - start < .seconds(2))
        #expect(stop.remainingMilliseconds == 1)
    }
}
