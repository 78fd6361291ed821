import ActivationPipeline
import ActivationReader
import ActivationStorage
import Foundation
import Synchronization

/// Where `activation imei --annotate DIR` writes: `DIR/<input name without extension>.annotated.png`
/// for each input that decodes. Thread-safe: workers call ``write(_:for:)`` on their own threads.
final class ImeiAnnotations: Sendable {
    let directory: String
    let unmasked: Bool
    private let failures = Mutex<[String]>([])

    /// Creates `directory` (and its parents) when missing.
    init(directory: String, unmasked: Bool) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        self.directory = directory
        self.unmasked = unmasked
    }

    /// Draws `result` on `screenshot` and writes it, mode 0600 (the picture shows the IMEI in
    /// full), atomically. Blocks the calling thread. Inputs that did not decode get no picture.
    func write(_ result: ScreenshotResult, for screenshot: Screenshot) {
        guard result.error?.code != OAError.screenshotLoad.code else { return }
        let path = ScreenshotAnnotation.outputPath(for: screenshot.name, in: directory)
        do {
            let png = try ScreenshotAnnotation.png(of: screenshot.bytes, result: result, unmasked: unmasked)
            try AtomicFile.write(png, to: path)
        } catch {
            failures.withLock { $0.append(path) }
        }
    }

    /// The pictures that could not be written.
    var failed: [String] { failures.withLock { $0 } }
}
