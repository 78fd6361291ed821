import Synchronization

/// A request to stop taking new inputs, set from a signal handler or another task.
/// Workers finish and record the images they hold, then return. Thread-safe.
public final class StopFlag: Sendable {
    private let state = Mutex(0)

    public init() {}

    /// Asks the workers to stop. Returns how many times stopping was asked, this time included.
    @discardableResult
    public func request() -> Int {
        state.withLock { count in
            count += 1
            return count
        }
    }

    /// Whether a stop was asked.
    public var isRequested: Bool { state.withLock { $0 > 0 } }
}
