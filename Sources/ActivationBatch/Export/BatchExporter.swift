import ActivationStorage
import Foundation

/// Writes every finished row of a store to a file, once, in path order, each with its review
/// (``BatchReviewBook``). I/O: pages through the store 500 rows at a time (memory stays
/// bounded), once for the repeated IMEIs the review needs and once to write.
///
/// A file export is an ``AtomicFile``: written under an unpredictable name beside the target,
/// created exclusively with mode 0600 (results hold full IMEIs), flushed and renamed over the
/// target only when complete, and removed on failure or on SIGINT/SIGTERM. `-` writes to
/// standard output.
public struct BatchExporter: Sendable {
    public let store: any JobStore

    public init(store: any JobStore) {
        self.store = store
    }

    /// Exports to `path` in `format`; returns how many rows were written.
    /// Also feeds every record to `finder`, for the summary of repeated IMEIs.
    public func export(to path: String, format: BatchExportFormat, finder: inout RepeatedIMEI.Finder) async throws -> Int {
        let file: AtomicFile?
        do {
            file = path == "-" ? nil : try AtomicFile(creating: path)
        } catch {
            throw BatchError(.exportWrite, error.message)
        }
        var written = 0
        do {
            let book = try await BatchReviewBook.load(from: store)
            if format == .csv { try Self.write(BatchCSV.header, to: file) }
            var after: String?
            while true {
                let page = try await store.records(after: after, limit: 500)
                guard let last = page.last else { break }
                var text = ""
                for record in page {
                    finder.add(record)
                    let review = book.status(of: record)
                    switch format {
                    case .jsonl: text += try record.jsonLine(review: review) + "\n"
                    case .csv: text += BatchCSV.row(record, review: review)
                    }
                }
                try Self.write(text, to: file)
                written += page.count
                after = last.path
            }
            try file?.commit()
        } catch let error as AtomicFileError {
            throw BatchError(.exportWrite, error.message)
        } catch {
            file?.discard()
            throw error
        }
        return written
    }

    /// Reads every finished row only to find repeated IMEIs (no file written).
    public func repeatedIMEIs() async throws -> [RepeatedIMEI] {
        var finder = RepeatedIMEI.Finder()
        var after: String?
        while true {
            let page = try await store.records(after: after, limit: 500)
            guard let last = page.last else { break }
            page.forEach { finder.add($0) }
            after = last.path
        }
        return finder.repeated()
    }

    /// Appends `text` to `file`, or to standard output when there is none.
    private static func write(_ text: String, to file: AtomicFile?) throws {
        if let file { return try file.write(text) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { Foundation.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw BatchError(.exportWrite, "cannot write to standard output: \(String(cString: strerror(errno)))")
            }
            bytes = bytes.dropFirst(count)
        }
    }
}
