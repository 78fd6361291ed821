/// What one process's workers did during one run: counts and per-image latencies. Pure value.
public struct BatchTally: Sendable, Hashable {
    /// Inputs read by a reader (including files that failed to load).
    public var read = 0
    /// Results recorded as copies: duplicates found finished, plus waiting duplicates served.
    public var copied = 0
    /// Inputs whose unchanged content kept its stored result.
    public var unchanged = 0
    /// Results recorded as `failed`.
    public var failed = 0
    /// Inputs handed back for a retry.
    public var requeued = 0
    /// Inputs whose lease was lost to another worker.
    public var leaseLost = 0
    /// Milliseconds per image actually read, in completion order.
    public var readLatenciesMs: [Int] = []

    public init() {}

    /// Results this process recorded.
    public var recorded: Int { read + copied + unchanged }

    /// Counts one event.
    public mutating func record(_ event: BatchEvent) {
        switch event.kind {
        case .read:
            read += 1
            readLatenciesMs.append(event.durationMs)
        case .copied: copied += 1
        case .unchanged: unchanged += 1
        case .waiting: break
        case .requeued: requeued += 1
        case .leaseLost: leaseLost += 1
        }
        copied += event.copiesHanded
        if event.state == .failed { failed += 1 + event.copiesHanded }
    }

    /// The `fraction` percentile (0…1) of read latencies, nearest rank; nil before any read.
    public func latencyPercentile(_ fraction: Double) -> Int? {
        guard !readLatenciesMs.isEmpty else { return nil }
        let sorted = readLatenciesMs.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}
