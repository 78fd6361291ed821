import Synchronization

/// Notices a batch worker that makes no progress: each worker stamps what it does as it starts
/// each step (a store call, a reading), and ``stalls(now:)`` names those whose step has lasted
/// longer than `limit`, once per stall. Steps are bounded (every store call by its timeout, a
/// reading by the image budget), so a stall means a bound did not hold, or the store stayed
/// away that long. The clock is passed in, so it is checked without waiting. Thread-safe.
public final class BatchWatchdog: Sendable {
    /// A worker stuck in one step.
    public struct Stall: Sendable, Hashable {
        public var worker: Int
        /// What it was doing: "claiming an input", "reading", "recording a result" …
        public var doing: String
        /// For how long, when noticed.
        public var lasted: Duration
    }

    private struct Step {
        var doing: String
        var since: ContinuousClock.Instant
        var reported = false
    }

    /// How long one step may last before it counts as a stall.
    public let limit: Duration
    private let steps = Mutex<[Int: Step]>([:])

    public init(limit: Duration) {
        self.limit = limit
    }

    /// Worker `worker` starts `doing` at `now`: progress.
    public func begin(worker: Int, doing: String, now: ContinuousClock.Instant = .now) {
        steps.withLock { $0[worker] = Step(doing: doing, since: now) }
    }

    /// Worker `worker` is done (it returned): never a stall.
    public func end(worker: Int) {
        _ = steps.withLock { $0.removeValue(forKey: worker) }
    }

    /// The workers whose current step began more than `limit` before `now` and were not reported
    /// for it yet, by worker number.
    public func stalls(now: ContinuousClock.Instant = .now) -> [Stall] {
        steps.withLock { steps in
            var found: [Stall] = []
            for (worker, step) in steps where !step.reported && now - step.since > limit {
                steps[worker]?.reported = true
                found.append(Stall(worker: worker, doing: step.doing, lasted: now - step.since))
            }
            return found.sorted { $0.worker < $1.worker }
        }
    }
}
