import ActivationStorage
import Logging
import Synchronization

extension BatchWorkerPool {
    /// A worker was asked to stop while it waited for the store to come back, holding no input.
    struct StoppedWhileWaiting: Error {}

    /// Runs one store call of worker `worker` inside ``RetryPolicy/callTimeout``; a transient
    /// failure (see ``RetryPolicy/isTransient(_:)``) is tried again after the policy's backoff,
    /// for as long as it takes, and a permanent one is thrown. With `stop` (a call made holding
    /// no input), a stop asked while waiting throws ``StoppedWhileWaiting``; without it the call
    /// goes on until the store answers, so that the image held is recorded. Suspends the worker
    /// meanwhile; the watchdog sees the step as `what`.
    func storeCall<T: Sendable>(
        _ what: String, worker: Int, stop: StopFlag? = nil, _ call: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let policy = options.retry
        let clock = ContinuousClock(), start = clock.now
        var attempt = 0
        watchdog.begin(worker: worker, doing: what)
        while true {
            try Task.checkCancellation()
            attempt += 1
            do {
                let value = try await Self.withTimeout(policy.callTimeout, what, call)
                if attempt > 1 {
                    logger.notice("worker \(worker): the store is back; \(what) succeeded after \(attempt) attempts, \(clock.now - start)")
                }
                return value
            } catch let error where RetryPolicy.isTransient(error) {
                if let stop, stop.isRequested { throw StoppedWhileWaiting() }
                let wait = policy.delay(afterAttempt: attempt)
                if attempt == 1 || attempt % 10 == 0 {
                    logger.warning("worker \(worker): \(what) failed (attempt \(attempt)), retrying in \(wait): \(error)")
                }
                try? await Task.sleep(for: wait)
            }
        }
    }

    /// `body`'s result, or `BATCH_STORE_QUERY` caused by ``RetryPolicy/TimedOut`` once `limit`
    /// has passed; then `body` is cancelled and left to end on its own (a call that still lands
    /// later is harmless: every write is guarded by the lease). Suspends the caller until one
    /// of the two.
    static func withTimeout<T: Sendable>(
        _ limit: Duration, _ what: String, _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let once = Once<T>()
        return try await withCheckedThrowingContinuation { continuation in
            once.arm(continuation)
            let work = Task {
                do { once.resume(.success(try await body())) } catch { once.resume(.failure(error)) }
            }
            once.setTimer(
                Task {
                    try? await Task.sleep(for: limit)
                    guard !Task.isCancelled else { return }
                    let timedOut = BatchError(
                        .storeQuery, "\(what) took longer than \(limit)", cause: RetryPolicy.TimedOut())
                    if once.resume(.failure(timedOut)) { work.cancel() }
                })
        }
    }

    /// Resumes a continuation once, from whichever task comes first, and then stops the timer.
    private final class Once<T: Sendable>: Sendable {
        private let state = Mutex<(continuation: CheckedContinuation<T, any Error>?, timer: Task<Void, Never>?)>((nil, nil))

        func arm(_ continuation: CheckedContinuation<T, any Error>) {
            state.withLock { $0.continuation = continuation }
        }

        /// Keeps the timer to cancel on resuming; cancels it at once if already resumed.
        func setTimer(_ timer: Task<Void, Never>) {
            let resumed = state.withLock { state in
                if state.continuation == nil { return true }
                state.timer = timer
                return false
            }
            if resumed { timer.cancel() }
        }

        /// Whether this call resumed it (false when another did first).
        @discardableResult
        func resume(_ result: Result<T, any Error>) -> Bool {
            let (continuation, timer) = state.withLock { state in
                defer { state = (nil, nil) }
                return (state.continuation, state.timer)
            }
            timer?.cancel()
            guard let continuation else { return false }
            continuation.resume(with: result)
            return true
        }
    }
}
