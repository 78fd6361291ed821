import Synchronization

extension EnginePool {
    /// One submitted job's rendezvous: the waiting caller's continuation, resumed exactly once,
    /// by the worker's value, a failure, or cancellation, whichever comes first.
    final class Job<Value: Sendable>: Sendable {
        private enum State {
            case pending
            case waiting(CheckedContinuation<Value, any Error>)
            case cancelled
            case finished
        }

        private let state = Mutex(State.pending)

        /// Installs the caller's continuation. False if the job was cancelled before: the
        /// continuation has then been resumed with `CancellationError`.
        func install(_ continuation: CheckedContinuation<Value, any Error>) -> Bool {
            let installed = state.withLock { s in
                guard case .pending = s else { return false }
                s = .waiting(continuation)
                return true
            }
            if !installed { continuation.resume(throwing: CancellationError()) }
            return installed
        }

        /// True while someone still waits for the value.
        var isWaiting: Bool {
            state.withLock { s in
                if case .waiting = s { return true }
                return false
            }
        }

        /// Resumes the caller with `result`, unless it was resumed already.
        func finish(_ result: Result<Value, any Error>) {
            let continuation: CheckedContinuation<Value, any Error>? = state.withLock { s in
                switch s {
                case .pending:
                    s = .cancelled
                    return nil
                case .waiting(let continuation):
                    s = .finished
                    return continuation
                case .cancelled, .finished:
                    return nil
                }
            }
            continuation?.resume(with: result)
        }
    }
}
