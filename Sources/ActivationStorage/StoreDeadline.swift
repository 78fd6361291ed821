import Synchronization

/// The instant by which a request's store calls must be done: the request's deadline, passed
/// down to every store call it makes (``current``, set with ``run(_:_:)``).
///
/// A store call under a deadline waits for a connection and for locks only until then, and
/// writes nothing once it has passed: ``PrivateSQLite`` bounds SQLite's busy wait by the time
/// left and checks the deadline before commit; ``PostgresPool`` sets `statement_timeout` from
/// the time left inside the transaction and checks the deadline before commit. With no
/// deadline (the CLI, the batch), store calls wait as they always did. Pure value.
public struct StoreDeadline: Sendable, Hashable {
    /// When the time is up.
    public let instant: ContinuousClock.Instant

    public init(_ instant: ContinuousClock.Instant) {
        self.instant = instant
    }

    /// The deadline `duration` from now.
    public init(after duration: Duration) {
        self.init(.now + duration)
    }

    /// The deadline of the store calls this task makes, or nil for none.
    @TaskLocal public static var current: StoreDeadline?

    /// Runs `body` with `deadline` as ``current``; suspends while `body` runs.
    public static func run<T>(_ deadline: StoreDeadline?, _ body: () async throws -> T) async rethrows -> T {
        try await $current.withValue(deadline) { try await body() }
    }

    /// The time left, zero once the deadline has passed.
    public var remaining: Duration {
        max(.zero, instant - .now)
    }

    /// Whether the deadline has passed.
    public var hasPassed: Bool {
        ContinuousClock.now >= instant
    }

    /// The time left in whole milliseconds, at least 1 (0 means "no limit" to SQLite and PostgreSQL).
    public var remainingMilliseconds: Int {
        let (seconds, attoseconds) = remaining.components
        return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }

    /// Runs `operation` under ``current``: its result, or `expired()` thrown at the deadline
    /// even when `operation` is still waiting (for a connection, a lock, a server that does not
    /// answer). An operation overtaken this way is cancelled and left to end on its own; it
    /// stores nothing, since every store call checks the deadline before commit. Without a
    /// deadline, runs `operation` as it is. Suspends the caller until one of the two ends.
    public static func bound<T: Sendable>(
        _ expired: @escaping @Sendable () -> any Error, _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        guard let deadline = current else { return try await operation() }
        guard !deadline.hasPassed else { throw expired() }
        let outcome = Outcome<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                outcome.install(continuation)
                let work = Task {
                    do {
                        outcome.finish(.success(try await operation()))
                    } catch {
                        outcome.finish(.failure(error))
                    }
                }
                outcome.onCancel { work.cancel() }
                let timer = Task {
                    try? await Task.sleep(until: deadline.instant, clock: .continuous)
                    if outcome.finish(.failure(expired())) { work.cancel() }
                }
                outcome.onFinish { timer.cancel() }
            }
        } onCancel: {
            outcome.finish(.failure(CancellationError()))
            outcome.cancel()
        }
    }
}

/// The one answer of ``StoreDeadline/bound(_:_:)``: the first of the operation, the timer and
/// a cancellation resumes the caller; the others are dropped. Thread-safe (a mutex).
private final class Outcome<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T, any Error>?
        var early: Result<T, any Error>?
        var done = false
        var cancelWork: (@Sendable () -> Void)?
        var stopTimer: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())

    /// Keeps the caller's continuation, or resumes it at once when the answer came first.
    func install(_ continuation: CheckedContinuation<T, any Error>) {
        let early: Result<T, any Error>? = state.withLock { state in
            if let early = state.early {
                state.early = nil
                return early
            }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(with: early) }
    }

    /// Keeps how to cancel the operation, for ``cancel()``.
    func onCancel(_ cancel: @escaping @Sendable () -> Void) {
        state.withLock { $0.cancelWork = cancel }
    }

    /// Keeps how to stop the timer, called once the caller is resumed (at once if it was).
    func onFinish(_ stop: @escaping @Sendable () -> Void) {
        let done = state.withLock { state in
            state.stopTimer = stop
            return state.done
        }
        if done { stop() }
    }

    /// Cancels the operation, once it is known.
    func cancel() {
        state.withLock { $0.cancelWork }?()
    }

    /// Resumes the caller with `result` unless something did first; whether this did.
    @discardableResult
    func finish(_ result: Result<T, any Error>) -> Bool {
        let continuation: CheckedContinuation<T, any Error>?? = state.withLock { state in
            guard !state.done else { return .none }
            state.done = true
            guard let continuation = state.continuation else {
                state.early = result
                return .some(nil)
            }
            state.continuation = nil
            return .some(continuation)
        }
        guard case .some(let waiting) = continuation else { return false }
        waiting?.resume(with: result)
        state.withLock { $0.stopTimer }?()
        return true
    }
}
