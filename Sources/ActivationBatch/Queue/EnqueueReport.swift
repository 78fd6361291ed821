import ActivationPipeline

/// How many paths one enqueue added, queued again or skipped.
public struct EnqueueReport: Sendable, Hashable {
    /// New rows.
    public var added = 0
    /// Finished rows whose file changed, queued again.
    public var changed = 0
    /// Failed rows queued again on request.
    public var retried = 0
    /// Finished rows with an unchanged file: skipped.
    public var alreadyFinished = 0
    /// Rows already queued, running or waiting.
    public var alreadyPending = 0

    public init() {}

    /// Counts one action.
    public mutating func count(_ action: EnqueuePlan.Action) {
        switch action {
        case .insert: added += 1
        case .requeueChanged: changed += 1
        case .retryFailed: retried += 1
        case .skipFinished: alreadyFinished += 1
        case .refresh, .skipPending: alreadyPending += 1
        }
    }

    /// Adds another report's counts to this one.
    public mutating func merge(_ other: EnqueueReport) {
        added += other.added
        changed += other.changed
        retried += other.retried
        alreadyFinished += other.alreadyFinished
        alreadyPending += other.alreadyPending
    }

    /// The reports of `body` over `inputs` taken 500 at a time (a store enqueues each chunk in
    /// one transaction), merged.
    static func inChunks(_ inputs: [JobInput], _ body: ([JobInput]) async throws -> EnqueueReport) async rethrows -> EnqueueReport {
        var report = EnqueueReport()
        var start = 0
        while start < inputs.count {
            let chunk = Array(inputs[start..<min(start + 500, inputs.count)])
            start += chunk.count
            report.merge(try await body(chunk))
        }
        return report
    }
}
