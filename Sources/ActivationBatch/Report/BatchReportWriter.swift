public import ActivationPipeline
import ActivationReader
import ActivationStorage
import Foundation

/// Writes `activation batch report`: pages through a store's finished rows (500 at a time),
/// makes a thumbnail of each failure shown, and writes the HTML once, atomically, mode 0600.
/// I/O: reads the failed files from disk and blocks on their decoding.
public struct BatchReportWriter: Sendable {
    public let store: any JobStore
    public let location: String

    public init(store: any JobStore, location: String) {
        self.store = store
        self.location = location
    }

    /// Builds the report; every failure shown gets a thumbnail of its file when it still decodes,
    /// and every result that needs review its annotated picture. `command` is the command line
    /// that asked for it and `commands` the review commands it prints.
    public func report(
        failureLimit: Int = BatchReport.defaultFailureLimit, command: String = "",
        commands: ReviewCommands = ReviewCommands(store: BatchReport.defaultStore, isFile: true)
    ) async throws -> BatchReport {
        let book = try await BatchReviewBook.load(from: store)
        var collector = BatchReport.Collector(
            location: location, counts: try await store.counts(), failureLimit: failureLimit, book: book, commands: commands,
            annotated: { AnnotatedThumbnail.jpeg(path: $0.path, result: $0.result, maxSide: BatchReport.thumbnailSide) }
        ) {
            ScreenshotThumbnail.jpeg(path: $0, maxSide: BatchReport.thumbnailSide)
        }
        var after: String?
        while true {
            let page = try await store.records(after: after, limit: 500)
            guard let last = page.last else { break }
            page.forEach { collector.add($0) }
            after = last.path
        }
        var report = collector.finish()
        report.generated = UTCTimestamp.iso(milliseconds: BatchClock.nowMs())
        report.command = command
        return report
    }

    /// Writes `report` as HTML to `path`.
    public static func write(_ report: BatchReport, to path: String) throws(BatchError) {
        do {
            try AtomicFile.write(BatchReportHTML.render(report).utf8, to: path)
        } catch {
            throw BatchError(.exportWrite, error.message)
        }
    }
}
