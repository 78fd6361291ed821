import ActivationBatch
import Synchronization

/// A job store's clock that stands still until a test moves it: lease tests move time instead
/// of sleeping through it (``JobClock/reading(_:)``). Thread-safe.
final class MovedJobClock: Sendable {
    private let now: Mutex<Int>

    /// Starts at the wall clock's now, so that rows stamped by it sort with real ones.
    init(startMs: Int = BatchClock.nowMs()) {
        now = Mutex(startMs)
    }

    /// The clock to give a store (``JobStore/clocked(by:)``).
    var clock: JobClock {
        JobClock.reading { [self] in now.withLock { $0 } }
    }

    /// Moves the clock forward by `duration`.
    func advance(by duration: Duration) {
        let (seconds, attoseconds) = duration.components
        now.withLock { $0 += Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000) }
    }
}
