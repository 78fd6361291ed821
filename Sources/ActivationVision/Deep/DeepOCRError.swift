public import ActivationPipeline

/// Why the second-opinion OCR is not available, or failed on a page. The reader then runs with
/// Tesseract alone.
public enum DeepOCRError: CodedError, Sendable, Equatable {
    /// A file the install script puts in place is not there (`DEEP_OCR_MISSING`).
    case missing(String)
    /// The files are there but ONNX Runtime or a model would not load (`DEEP_OCR_UNUSABLE`).
    case unusable(String)
    /// The text detector failed on a page of this size (out of memory, or the network refused the
    /// input), not stopped by a deadline (`DEEP_OCR_DETECTION_FAILED`).
    case detectionFailed(width: Int, height: Int)

    public var code: StableCode<DeepOCRError> {
        switch self {
        case .missing: "DEEP_OCR_MISSING"
        case .unusable: "DEEP_OCR_UNUSABLE"
        case .detectionFailed: "DEEP_OCR_DETECTION_FAILED"
        }
    }

    public var message: String {
        switch self {
        case .missing(let path): "\(path) is missing (run scripts/install-deep-ocr.sh)"
        case .unusable(let reason): "ONNX Runtime or its models would not load: \(reason)"
        case .detectionFailed(let width, let height): "text detection failed on a \(width)×\(height) page"
        }
    }
}
