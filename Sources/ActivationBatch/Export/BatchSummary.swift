import ActivationPipeline
import Foundation

/// The table printed at the end of a run (and by `batch status`). Pure: render it from values.
/// Never shows a full IMEI.
public struct BatchSummary: Sendable {
    /// The store, as people should see it (no password).
    public var location: String
    public var counts: BatchCounts
    /// What this process did, when it ran workers.
    public var tally: BatchTally?
    /// How long this process's workers ran, in seconds.
    public var elapsedSeconds: Double?
    /// What this command's enqueue did, if it enqueued.
    public var enqueue: EnqueueReport?
    public var repeated: [RepeatedIMEI] = []
    /// Unreadable directories and lists.
    public var problems: [String] = []
    /// Files skipped in directories for not looking like images.
    public var skippedNonImages = 0
    /// Whether a stop (Ctrl-C) ended the run early.
    public var interrupted = false
    /// How many repeated IMEIs to list.
    public var repeatedLimit = 20

    public init(location: String, counts: BatchCounts) {
        self.location = location
        self.counts = counts
    }

    public func render() -> String {
        var lines = ["Batch \(location)"]
        if let enqueue {
            lines.append(
                "  inputs: \(enqueue.added) new, \(enqueue.changed) changed, \(enqueue.retried) retried, "
                    + "\(enqueue.alreadyFinished) already done, \(enqueue.alreadyPending) already queued")
        }
        if skippedNonImages > 0 { lines.append("  skipped \(skippedNonImages) non-image files in directories") }
        lines.append("")
        lines.append(Self.pad("state", 12) + Self.pad("count", 8, right: true))
        for state in JobState.allCases where counts[state] > 0 || state.isFinished {
            lines.append(Self.pad(state.rawValue, 12) + Self.pad("\(counts[state])", 8, right: true))
        }
        lines.append(Self.pad("total", 12) + Self.pad("\(counts.total)", 8, right: true))
        if !counts.byErrorCode.isEmpty {
            lines.append("")
            lines.append(Self.pad("error", 12) + Self.pad("count", 8, right: true) + "  name")
            for (code, count) in counts.byErrorCode.sorted(by: { $0.key < $1.key }) {
                let name = OAError(code: code)?.name ?? "?"
                lines.append(Self.pad("\(code)", 12) + Self.pad("\(count)", 8, right: true) + "  " + name)
            }
        }
        lines.append("")
        lines.append("duplicates: \(counts.duplicates) file(s) with the same content as an earlier one (read once)")
        if let tally, let elapsedSeconds {
            let rate = elapsedSeconds > 0 ? Double(tally.recorded) / elapsedSeconds : 0
            lines.append(
                "this run: \(tally.recorded) recorded (\(tally.read) read, \(tally.copied) copies, "
                    + "\(tally.unchanged) unchanged) in \(BatchProgress.duration(elapsedSeconds)), "
                    + String(format: "%.1f images/s", rate))
            if let p50 = tally.latencyPercentile(0.5), let p95 = tally.latencyPercentile(0.95) {
                lines.append("latency per image read: p50 \(p50) ms, p95 \(p95) ms")
            }
            if tally.requeued > 0 || tally.leaseLost > 0 {
                lines.append("retries: \(tally.requeued) handed back, \(tally.leaseLost) lost to other workers")
            }
        }
        if !repeated.isEmpty {
            lines.append("same IMEI in several uploads: \(repeated.count)")
            // Below the uploads' common folder: a bare file name is ambiguous across folders.
            let folder = repeated.flatMap(\.paths).reduce(nil) { BatchReport.commonFolder($0, $1) } ?? []
            let first = repeated.first?.paths.first ?? ""
            let prefix = (first.hasPrefix("/") ? "/" : "") + folder.joined(separator: "/") + (folder.isEmpty ? "" : "/")
            for item in repeated.prefix(repeatedLimit) {
                let names = item.paths.prefix(3)
                    .map { PrintableName.terminal($0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0) }
                    .joined(separator: ", ")
                let more = item.paths.count > 3 ? ", …" : ""
                lines.append("  \(item.masked)  in \(item.paths.count) uploads: \(names)\(more)")
            }
            if repeated.count > repeatedLimit { lines.append("  … and \(repeated.count - repeatedLimit) more") }
        }
        for problem in problems { lines.append("problem: \(problem)") }
        if interrupted {
            lines.append("interrupted: images in flight were finished; run the same command again to resume")
        } else if counts.pending > 0 {
            lines.append("\(counts.pending) input(s) still queued, running or waiting")
        }
        return lines.joined(separator: "\n")
    }

    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        guard text.count < width else { return text }
        let space = String(repeating: " ", count: width - text.count)
        return right ? space + text : text + space
    }
}
