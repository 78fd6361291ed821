import ActivationBatch
import Foundation

/// Shows a run's progress on standard error: on a terminal a live bar redrawn twice a second,
/// otherwise a plain log line every 5 seconds. Runs in its own task; reads the store's counts
/// and this process's live tally.
final class BatchProgressPrinter: Sendable {
    private let task: Task<Void, Never>
    private let isTerminal: Bool

    init(store: any JobStore, tally: BatchLiveTally, started: ContinuousClock.Instant, quiet: Bool) {
        let isTerminal = isatty(STDERR_FILENO) == 1
        self.isTerminal = isTerminal
        task = Task {
            guard !quiet else { return }
            let interval: Duration = isTerminal ? .milliseconds(500) : .seconds(5)
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard !Task.isCancelled, let counts = try? await store.counts() else { continue }
                let progress = BatchProgress(
                    finished: counts.finished, total: counts.total, failed: counts[.failed],
                    recordedThisRun: tally.snapshot().recorded,
                    elapsedSeconds: Self.seconds(ContinuousClock.now - started))
                let text = isTerminal ? "\r\u{1B}[2K" + progress.bar(width: Self.terminalWidth()) : progress.logLine + "\n"
                FileHandle.standardError.write(Data(text.utf8))
            }
        }
    }

    /// Stops the display and clears the bar.
    func finish() async {
        task.cancel()
        await task.value
        if isTerminal { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// Standard error's width in columns, or 80.
    static func terminalWidth() -> Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }
}
