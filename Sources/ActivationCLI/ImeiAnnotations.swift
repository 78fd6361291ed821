import ActivationPipeline
import ActivationReader
import ActivationStorage
import Foundation
import Synchronization

/// Where `activation imei --annotate DIR` writes: `DIR/<name>.annotated.png` for each input that
/// decodes, the names given by ``AnnotationNames`` (inputs with the same base name in different
/// folders get names of their own). Thread-safe: workers call ``write(_:for:index:)`` on their
/// own threads.
final class ImeiAnnotations: Sendable {
    let directory: String
    let unmasked: Bool
    /// The name of each input's picture, by input index.
    let names: [String]
    private let failures = Mutex<[String]>([])

    /// Creates `directory` (and its parents) when missing.
    init(directory: String, unmasked: Bool, names: [String]) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        self.directory = directory
        self.unmasked = unmasked
        self.names = names
    }

    /// Draws `result` on `screenshot`, the input at `index`, and writes it, mode 0600 (the
    /// picture shows the IMEI in full), atomically. Blocks the calling thread. Inputs that did
    /// not decode get no picture.
    func write(_ result: ScreenshotResult, for screenshot: Screenshot, index: Int) {
        guard result.error?.code != OAError.screenshotLoad.code, names.indices.contains(index) else { return }
        let path = AnnotationNames.path(names[index], in: directory)
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
