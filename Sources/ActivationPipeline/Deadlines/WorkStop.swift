import Dispatch
import Synchronization

/// When one image's work must stop: its deadline passed, or whoever waits for it gave up.
///
/// The one mechanism behind the service's request deadline and the batch's per-image budget.
/// Any thread may ``stop()`` it; the engines read it while they work (Tesseract through its
/// monitor's cancel function, between words; ONNX Runtime through its run's terminate flag,
/// between operators), and the reader checks it between its stages. A stopped reading is thrown
/// away by its caller, so what the engines return after a stop does not matter.
///
/// Thread-safe. A deadline also stops a run that is under way when it passes: a timer on a
/// global queue calls ``stop()`` then, so that ONNX Runtime, which only polls its flag, hears it.
public final class WorkStop: Sendable {
    /// When the work must be over, if it has a deadline.
    public let deadline: ContinuousClock.Instant?
    private let stopped = Atomic<Bool>(false)
    private let hooks = Mutex<(next: Int, calls: [Int: @Sendable () -> Void])>((0, [:]))

    /// Work that never stops on its own (a caller may still ``stop()`` it).
    public static var never: WorkStop { WorkStop() }

    /// A stop at `budget` from now (none when nil).
    public init(budget: Duration? = nil) {
        let clock = ContinuousClock()
        deadline = budget.map { clock.now + $0 }
        guard let budget else { return }
        let (seconds, attoseconds) = budget.components
        let nanoseconds = max(0, seconds) * 1_000_000_000 + attoseconds / 1_000_000_000
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(clamping: nanoseconds))) { [weak self] in
            self?.stop()
        }
    }

    /// Whether the work must stop now. Cheap: an atomic load and, with a deadline, a clock read.
    public var isStopped: Bool {
        if stopped.load(ordering: .relaxed) { return true }
        guard let deadline, ContinuousClock.now >= deadline else { return false }
        stop()
        return true
    }

    /// Milliseconds left before the deadline (at least 1), or nil without one.
    public var remainingMilliseconds: Int? {
        guard let deadline else { return nil }
        let left = deadline - ContinuousClock.now
        let (seconds, attoseconds) = left.components
        return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }

    /// Stops the work: sets the flag and calls every registered hook once. Idempotent.
    /// The hooks run under the lock, so that none runs after its ``whileRunning(onStop:_:)``
    /// has returned (an engine frees what its hook touches right after).
    public func stop() {
        guard !stopped.exchange(true, ordering: .relaxed) else { return }
        hooks.withLock { h in
            for call in h.calls.values { call() }
            h.calls = [:]
        }
    }

    /// Runs `body` (which blocks) with `onStop` registered: a stop during `body` calls it once,
    /// from the stopping thread (an engine's terminate call). Calls it at once if already stopped.
    public func whileRunning<T>(onStop: @escaping @Sendable () -> Void, _ body: () -> T) -> T {
        let key: Int? = hooks.withLock { h in
            guard !stopped.load(ordering: .relaxed) else { return nil }
            h.next += 1
            h.calls[h.next] = onStop
            return h.next
        }
        guard let key else {
            onStop()
            return body()
        }
        defer { _ = hooks.withLock { $0.calls.removeValue(forKey: key) } }
        return body()
    }
}
