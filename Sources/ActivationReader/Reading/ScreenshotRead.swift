public import ActivationPipeline

/// What a reader gives back for one screenshot: the result the SDK sees (``ScreenshotResult``,
/// the JSON of `activation imei`), and what the one decode learned about the file.
public struct ScreenshotRead: Sendable, Hashable {
    /// The IMEIs found, or the SDK error.
    public var result: ScreenshotResult
    /// The file's format, upright size and EXIF hints; nil when it did not decode.
    public var facts: ImageFacts?
    /// SHA-256 of the file's bytes, lowercase hex.
    public var sha256: String

    public init(result: ScreenshotResult, facts: ImageFacts?, sha256: String) {
        self.result = result
        self.facts = facts
        self.sha256 = sha256
    }
}
