import ActivationVision
import Foundation

/// Whether the reader's deep second opinion (PP-OCR on ONNX Runtime) is there, decided once at
/// start: `/ready` and the `activation_deep_reader_available` gauge say it.
///
/// Installed means the install script's folder holds its `MANIFEST` (`ACTIVATION_DEEP_OCR`, or
/// `/usr/local/lib/activation/deep-ocr`); an installed reader that will not load makes the
/// service not ready, while one that is not installed, or turned off, leaves the reader on
/// Tesseract alone, as the CLI does. Pure value.
public enum DeepReaderStatus: String, Sendable, Hashable {
    /// Installed and loaded: pages that are not legible get the second opinion.
    case loaded = "ok"
    /// Not installed: the reader runs on Tesseract alone.
    case notInstalled = "not_installed"
    /// Turned off (`ACTIVATION_DEEP_OCR=off`, or the reader configured without it).
    case off
    /// Installed, but ONNX Runtime or a model would not load.
    case failed

    /// Whether the service may say it is ready with this status.
    var isReady: Bool { self != .failed }

    /// Whether the second opinion is available to the reader.
    var isAvailable: Bool { self == .loaded }

    /// The status of this process, loading the deep reader when it is installed (about 0.1 s,
    /// once per process; blocks the calling thread meanwhile). `wanted` is false when the
    /// reader is configured without it.
    static func current(wanted: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) -> DeepReaderStatus {
        guard wanted, environment["ACTIVATION_DEEP_OCR"] != "off" else { return .off }
        guard FileManager.default.fileExists(atPath: DeepOCR.folder + "/MANIFEST") else { return .notInstalled }
        return DeepOCR.shared != nil ? .loaded : .failed
    }
}
