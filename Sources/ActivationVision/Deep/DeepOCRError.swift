/// Why the second-opinion OCR is not available. The reader then runs with Tesseract alone.
public enum DeepOCRError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A file the install script puts in place is not there.
    case missing(String)
    /// The files are there but ONNX Runtime or a model would not load.
    case unusable(String)

    public var description: String {
        switch self {
        case .missing(let path): "\(path) is missing (run scripts/install-deep-ocr.sh)"
        case .unusable(let reason): "ONNX Runtime or its models would not load: \(reason)"
        }
    }
}
