import Foundation

/// A moment of a run, as the progress bar and the periodic log line show it. Pure.
public struct BatchProgress: Sendable, Hashable {
    /// Rows with their final result, in the whole store.
    public var finished: Int
    /// Every row in the store.
    public var total: Int
    /// Rows recorded as failed, in the whole store.
    public var failed: Int
    /// Results this process recorded since it started.
    public var recordedThisRun: Int
    /// Seconds since this process's workers started.
    public var elapsedSeconds: Double

    public init(finished: Int, total: Int, failed: Int, recordedThisRun: Int, elapsedSeconds: Double) {
        self.finished = finished
        self.total = total
        self.failed = failed
        self.recordedThisRun = recordedThisRun
        self.elapsedSeconds = elapsedSeconds
    }

    /// This process's results per second.
    public var imagesPerSecond: Double {
        elapsedSeconds > 0 ? Double(recordedThisRun) / elapsedSeconds : 0
    }

    /// Seconds left at this process's pace; nil until it has a pace.
    public var etaSeconds: Double? {
        let rate = imagesPerSecond
        guard rate > 0 else { return nil }
        return Double(max(total - finished, 0)) / rate
    }

    /// `[#####-----]  123/1000  12.3 img/s  ETA 1m12s  3 failed`, at most `width` characters.
    public func bar(width: Int) -> String {
        let tail = "  \(finished)/\(total)  \(Self.rate(imagesPerSecond)) img/s  ETA \(Self.duration(etaSeconds))  \(failed) failed"
        let barWidth = max(10, min(40, width - tail.count - 2))
        let fraction = total > 0 ? min(1, Double(finished) / Double(total)) : 0
        let filled = Int((fraction * Double(barWidth)).rounded(.down))
        let line = "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled) + "]" + tail
        return String(line.prefix(max(width, 1)))
    }

    /// `batch: 123/1000 finished (12%), 12.3 images/s, ETA 1m12s, 3 failed`.
    public var logLine: String {
        let percent = total > 0 ? finished * 100 / total : 100
        return "batch: \(finished)/\(total) finished (\(percent)%), \(Self.rate(imagesPerSecond)) images/s, "
            + "ETA \(Self.duration(etaSeconds)), \(failed) failed"
    }

    /// One decimal.
    static func rate(_ value: Double) -> String { String(format: "%.1f", value) }

    /// `12s`, `3m05s`, `1h02m`; `--` when unknown.
    public static func duration(_ seconds: Double?) -> String {
        guard let seconds, seconds.isFinite else { return "--" }
        if seconds < 10 { return String(format: "%.1fs", seconds) }
        let whole = Int(seconds.rounded())
        if whole < 60 { return "\(whole)s" }
        if whole < 3600 { return String(format: "%dm%02ds", whole / 60, whole % 60) }
        return String(format: "%dh%02dm", whole / 3600, (whole % 3600) / 60)
    }
}
