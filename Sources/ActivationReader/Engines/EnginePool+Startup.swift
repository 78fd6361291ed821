import Synchronization

extension EnginePool {
    /// Counts workers as their engines come up, and resumes the starter once: when all are
    /// ready, or at the first failure. Called from the worker threads.
    final class Startup: Sendable {
        private struct State {
            var remaining: Int
            var continuation: CheckedContinuation<Result<Void, EnginePoolError>, Never>?
        }

        private let state: Mutex<State>

        init(expected: Int, continuation: CheckedContinuation<Result<Void, EnginePoolError>, Never>) {
            state = Mutex(State(remaining: expected, continuation: continuation))
        }

        func ready() {
            let continuation = state.withLock { s -> CheckedContinuation<Result<Void, EnginePoolError>, Never>? in
                s.remaining -= 1
                guard s.remaining == 0 else { return nil }
                defer { s.continuation = nil }
                return s.continuation
            }
            continuation?.resume(returning: .success(()))
        }

        func failed(_ detail: String) {
            let continuation = state.withLock { s -> CheckedContinuation<Result<Void, EnginePoolError>, Never>? in
                defer { s.continuation = nil }
                return s.continuation
            }
            continuation?.resume(returning: .failure(.engineUnavailable(detail)))
        }
    }
}
