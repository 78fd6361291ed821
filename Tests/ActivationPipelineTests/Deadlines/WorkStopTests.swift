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

    @Test func aPartStopsWithItsParentAndCallsItsHookOnce() {
        let parent = WorkStop(budget: .seconds(60)), part = WorkStop(within: parent, until: { false }), calls = Atomic(0)
        #expect(!part.isStopped)
        #expect(part.deadline == parent.deadline)
        part.whileRunning(onStop: { calls.add(1, ordering: .relaxed) }) {
            // The parent's stop reaches the part's run under way (a timer's stop, never polled).
            parent.stop()
            #expect(part.isStopped)
        }
        #expect(calls.load(ordering: .relaxed) == 1)
    }

    @Test func aPartStopsAtItsOwnLimitAndLeavesItsParentRunning() {
        let parent = WorkStop(), asked = Atomic(0)
        let part = WorkStop(within: parent, until: { asked.add(1, ordering: .relaxed).newValue > 3 })
        let calls = Atomic(0)
        let polls = part.whileRunning(onStop: { calls.add(1, ordering: .relaxed) }) {
            var polls = 0
            while !part.isStopped, polls < 100 { polls += 1 }
            return polls
        }
        #expect(polls == 3)
        #expect(calls.load(ordering: .relaxed) == 1)
        #expect(!parent.isStopped)
        // Once stopped, a part stays stopped without asking its limit again.
        let before = asked.load(ordering: .relaxed)
        #expect(part.isStopped && asked.load(ordering: .relaxed) == before)
    }
}
