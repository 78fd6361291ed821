public import ActivationPipeline
public import ActivationVision
import Foundation

/// Reads the IMEIs off screenshots: the pipeline's heart.
///
/// One reader owns one Tesseract engine, so it is not thread-safe: create one per worker
/// thread, once, and reuse it (``IMEIReader/pool(workers:configuration:)`` does this). `read` blocks the calling thread
/// for the whole decode and OCR; it never throws, the SDK error is in the result.
public final class IMEIReader: ScreenshotReading {
    /// Tunables, with the defaults the benchmarks were measured with.
    public struct Configuration: Sendable {
        /// The largest image decoded.
        public var budget = PixelBudget()
        /// The largest file read, in bytes.
        public var maxFileBytes = 64 << 20
        /// Tesseract's data folder; nil for the system's.
        public var tessdata: String?
        /// The thresholds the reader decides by.
        public var tuning = ReaderTuning()
        /// Where the reader says what it does: by default as the environment asks
        /// (``ReaderTrace/environment``).
        public var trace = ReaderTrace.environment
        /// Whether pages that are not legible get the deep second opinion (when installed:
        /// ``DeepOCR/shared``).
        public var deep = true
        /// Whether each result lists the reader's stages as they ran (``ScreenshotResult/stages``).
        public var explain = false
        public init() {}
    }

    let configuration: Configuration
    let engine: TesseractEngine
    let barcodes: BarcodeScanner?

    public init(configuration: Configuration = Configuration()) throws(OAError) {
        self.configuration = configuration
        engine = try TesseractEngine(dataPath: configuration.tessdata)
        barcodes = BarcodeScanner()
    }

    /// Reads the file at `path`; the result names it `path`.
    public func read(path: String, stop: WorkStop = .never) -> ScreenshotResult {
        switch Screenshot.load(path: path, maxBytes: configuration.maxFileBytes) {
        case .success(let screenshot): read(screenshot, stop: stop).result
        case .failure(let error): .failure(path, error)
        }
    }

    /// Reads one screenshot held in memory, decoding it once: the result, and the file's facts
    /// and SHA-256 from that decode.
    public func read(_ screenshot: Screenshot, stop: WorkStop) -> ScreenshotRead {
        let decoded: DecodedImage
        do {
            let t0 = Date()
            decoded = try ImageDecoder.decode(screenshot.bytes, budget: configuration.budget)
            configuration.trace("  decode \(ReaderTrace.milliseconds(since: t0)) ms")
        } catch {
            let failure = ScreenshotResult.failure(screenshot.name, OAError.screenshotLoad.with(detail: error.description))
            return ScreenshotRead(result: failure, facts: nil, sha256: screenshot.sha256)
        }
        return ScreenshotRead(
            result: read(decoded, name: screenshot.name, stop: stop), facts: ImageFacts(decoded), sha256: screenshot.sha256)
    }

    /// Reads an already decoded image; a reading that `stop` ended answers 4001 with reason
    /// `DEADLINE_EXCEEDED`, whatever it had found.
    public func read(_ decoded: DecodedImage, name: String, stop: WorkStop = .never) -> ScreenshotResult {
        let t0 = Date()
        let prepared = decoded.image.textGray()
        configuration.trace("  textGray \(ReaderTrace.milliseconds(since: t0)) ms")
        guard let (gray, inverted) = prepared else {
            return .failure(name, OAError.unableToProcess.with(detail: "out of memory preparing the image"))
        }
        // A cheap look before any OCR: text stands on a flat ground; noise has none.
        if let flat = gray.flatShare() {
            configuration.trace("  flat share \((flat * 1000).rounded() / 1000)")
            if flat < configuration.tuning.minFlatShare {
                let detail = "the picture shows nothing shaped like text (flat share \(Int((flat * 100).rounded()))%)"
                return .failure(name, OAError.unableToDoOCR.with(reason: OAError.Reason.noText, detail: detail))
            }
        }
        let budget = ReadingBudget()
        let found = ScreenReading(
            engine: engine, barcodes: barcodes, deep: configuration.deep, gray: gray, tuning: configuration.tuning, trace: configuration.trace,
            stop: WorkStop(within: stop, until: { budget.exceeded }), budget: budget, inverted: inverted
        ).run(.picture)
        var result: ScreenshotResult
        if stop.isStopped {
            result = .failure(name, .deadlineExceeded)
        } else if found.overBudget, found.imeis.isEmpty {
            result = .failure(name, OAError.deadlineExceeded.with(detail: "the reading spent its CPU budget for its kind of picture"))
        } else if found.imeis.isEmpty, !found.refused.isEmpty {
            let detail = "every IMEI label's value was read twice and fails the Luhn check (an altered or mistyped number)"
            result = ScreenshotResult(
                file: name, imeis: [], meid: found.meid, error: OAError.unableToDoOCR.with(reason: OAError.Reason.luhnFailed, detail: detail))
        } else if found.imeis.isEmpty {
            let detail = found.sawLabel
                ? "an IMEI label was found but no valid 15-digit IMEI beside it"
                : "no IMEI label found on the screen"
            result = ScreenshotResult(file: name, imeis: [], meid: found.meid, error: OAError.unableToDoOCR.with(detail: detail))
        } else {
            result = ScreenshotResult(file: name, imeis: found.imeis, meid: found.meid, error: nil)
        }
        // The stages that ran are explained even when a deadline or the budget ended the reading.
        if configuration.explain { result.stages = found.stages }
        guard result.error?.reason != OAError.Reason.deadlineExceeded else { return result }
        result.serialNumber = found.serialNumber
        result.eid = found.eid
        result.unreadLabels = UnreadLabel.remaining(found.unreadLabels, reported: found.imeis)
        return result
    }
}
