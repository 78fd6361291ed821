public import ActivationPipeline
import ActivationReader
import ActivationVision

/// The small picture of a result that needs review: the upright image with what the reader
/// found drawn on it, as `activation imei --annotate` draws it (IMEIs masked), as a JPEG of at
/// most `maxSide` pixels a side, pixels only. I/O: reads the file and decodes it twice (the
/// drawing, then its PNG); blocks the calling thread.
public enum AnnotatedThumbnail {
    /// The thumbnail of the file at `path` read as `result`; nil when the file is gone or does
    /// not decode.
    public static func jpeg(path: String, result: ScreenshotResult, maxSide: Int, maxBytes: Int = 64 << 20) -> [UInt8]? {
        guard case .success(let screenshot) = Screenshot.load(path: path, maxBytes: maxBytes),
              let png = try? ScreenshotAnnotation.png(of: screenshot.bytes, result: result, unmasked: false),
              let decoded = try? ImageDecoder.decode(png)
        else { return nil }
        return ScreenshotThumbnail.jpeg(of: decoded.image, maxSide: maxSide)
    }
}
