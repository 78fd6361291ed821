import Synchronization

/// Whether the service is still taking work: set once graceful shutdown begins, so that `/ready`
/// turns 503 while the last requests are answered. Thread-safe (an atomic).
final class RunState: Sendable {
    private let stopping = Atomic(false)

    /// True once shutdown has begun.
    var isStopping: Bool { stopping.load(ordering: .acquiring) }

    /// Marks the start of shutdown.
    func stop() { stopping.store(true, ordering: .releasing) }
}
