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
    /// The work this is part of: its stop stops this one too (``init(within:until:)``).
    private let parent: WorkStop?
    /// A limit of this part's own, asked whenever the stop is (on the working thread).
    private let limit: (@Sendable () -> Bool)?
    private let stopped = Atomic<Bool>(false)
    private let hooks = Mutex<(next: Int, calls: [Int: @Sendable () -> Void])>((0, [:]))

    /// Work that never stops on its own (a caller may still ``stop()`` it).
    public static var never: WorkStop { WorkStop() }

    /// A stop at `budget` from now (none when nil).
    public init(budget: Duration? = nil) {
        let clock = ContinuousClock()
        deadline = budget.map { clock.now + $0 }
        (parent, limit) = (nil, nil)
        guard let budget else { return }
        let (seconds, attoseconds) = budget.components
        let nanoseconds = max(0, seconds) * 1_000_000_000 + attoseconds / 1_000_000_000
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(clamping: nanoseconds))) { [weak self] in
            self?.stop()
        }
    }

    /// A stop for part of `parent`'s work: it stops when `parent` does (its hooks are called
    /// then too), and once `limit` holds, without stopping `parent`. `limit` is asked whenever
    /// this stop is, on the thread that asks: a reading's CPU budget, which Tesseract's cancel
    /// function asks between the chunks it recognises, so that the run under way ends, not only
    /// the next stage. (ONNX Runtime asks nothing: it hears only a ``stop()``.)
    public init(within parent: WorkStop, until limit: @escaping @Sendable () -> Bool) {
        (deadline, self.parent, self.limit) = (parent.deadline, parent, limit)
    }

    /// Whether the work must stop now. Cheap: an atomic load and, with a deadline, a clock read
    /// (with a parent and a limit, theirs too).
    public var isStopped: Bool {
        if stopped.load(ordering: .relaxed) { return true }
        if parent?.isStopped == true || limit?() == true {
            stop()
            return true
        }
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
        guard let parent else { return running(onStop: onStop, body) }
        // The hook is registered with the parent too, so that its stop (a deadline's timer)
        // reaches the run under way; whichever stops first calls it, once.
        let once = Once()
        let call: @Sendable () -> Void = { if once.first() { onStop() } }
        return parent.whileRunning(onStop: call) { running(onStop: call, body) }
    }

    /// ``whileRunning(onStop:_:)`` with `onStop` registered here only.
    private func running<T>(onStop: @escaping @Sendable () -> Void, _ body: () -> T) -> T {
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

/// A flag that says `true` to its first asker only. Thread-safe.
private final class Once: Sendable {
    private let asked = Atomic<Bool>(false)
    func first() -> Bool { !asked.exchange(true, ordering: .relaxed) }
}
