@testable import ActivationBatch
@testable import ActivationPipeline
@testable import ActivationReader
@testable import ActivationStorage
import Foundation
import Synchronization
import TestSupport

/// The reader every batch test runs, in-process and in the `activation` subprocesses.
///
/// Switching the batch tests to the real OCR reader is this one line: `.imei`.
/// Nothing else in the tests depends on which reader runs: expected results come from
/// reading each file directly with the same reader (``Oracle``), never from constants.
enum TestReader {
    static let kind: BatchReaderKind = .imei
}

/// Reads files directly with ``TestReader``: what the batch must have recorded for them.
/// Not thread-safe; one per test.
final class Oracle {
    private var reader: any ScreenshotReading

    init() throws {
        reader = try TestReader.kind.factory()
    }

    /// The result for the file at `path`, as it comes back from the store (through JSON).
    func expected(path: String) throws -> ScreenshotResult {
        let result: ScreenshotResult
        switch Screenshot.load(path: path, maxBytes: 64 << 20) {
        case .failure(let error): result = .failure(path, error)
        case .success(let file): result = reader.read(file).result
        }
        return try BatchJSON.decodeResult(BatchJSON.encode(BatchJSON.copy(result, for: path)), path: path)
    }
}

/// A reader factory that counts how many times each path was read, across all its workers.
final class CountingReaders: Sendable {
    private let counts = Mutex<[String: Int]>([:])

    /// Makes readers of ``TestReader``'s kind that count.
    var factory: ScreenshotReaderFactory {
        { [self] in
            CountingReader(base: try TestReader.kind.factory(), owner: self)
        }
    }

    /// Reads per path so far.
    var reads: [String: Int] { counts.withLock { $0 } }

    private struct CountingReader: ScreenshotReading {
        var base: any ScreenshotReading
        let owner: CountingReaders

        func read(_ screenshot: Screenshot, stop: WorkStop) -> ScreenshotRead {
            owner.counts.withLock { $0[screenshot.name, default: 0] += 1 }
            return base.read(screenshot, stop: stop)
        }
    }
}
