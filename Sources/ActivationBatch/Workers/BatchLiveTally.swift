import Synchronization

/// A ``BatchTally`` that workers add to while a progress display reads it. Thread-safe.
public final class BatchLiveTally: Sendable {
    private let tally = Mutex(BatchTally())

    public init() {}

    /// Counts one event. Called from the workers' tasks.
    public func record(_ event: BatchEvent) {
        tally.withLock { $0.record(event) }
    }

    /// The counts so far.
    public func snapshot() -> BatchTally {
        tally.withLock { $0 }
    }
}
