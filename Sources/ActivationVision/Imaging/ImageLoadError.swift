public import ActivationPipeline

/// Why bytes could not become an image. Each case has a stable code; callers map them to
/// their own tables (the reader to 4005, the KYC rules to `CORRUPT_IMAGE`, …).
public enum ImageLoadError: CodedError, Sendable, Hashable {
    /// No bytes at all.
    case empty
    /// The content is not an image format this build decodes.
    case unsupportedFormat(ImageFormat)
    /// The header or the data is damaged or cut short.
    case corrupt(ImageFormat, String)
    /// The header declares a zero width or height.
    case zeroSize(ImageFormat)
    /// The declared size exceeds the pixel budget or the side limit; nothing was allocated.
    case tooLarge(ImageFormat, width: Int, height: Int)

    /// A stable machine-readable code.
    public var code: String {
        switch self {
        case .empty: "EMPTY"
        case .unsupportedFormat: "UNSUPPORTED_FORMAT"
        case .corrupt: "CORRUPT"
        case .zeroSize: "ZERO_SIZE"
        case .tooLarge: "TOO_LARGE"
        }
    }

    /// What went wrong, for people: the ``description``.
    public var message: String { description }

    public var description: String {
        switch self {
        case .empty: "the file is empty"
        case .unsupportedFormat(let f): "not a supported image (\(f.rawValue))"
        case .corrupt(let f, let why): "damaged \(f.rawValue): \(why)"
        case .zeroSize(let f): "\(f.rawValue) declares a 0-pixel side"
        case .tooLarge(let f, let w, let h): "\(f.rawValue) declares \(w)×\(h) pixels, over the budget"
        }
    }
}
