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
        let image = decoded.image
        let factor = min(1, Double(maxSide) / Double(max(image.width, image.height, 1)))
        let width = max(1, Int(Double(image.width) * factor)), height = max(1, Int(Double(image.height) * factor))
        let small = factor < 1 ? image.scaled(toWidth: width, height: height) : image
        return small?.jpegData(quality: 75)
    }
}
