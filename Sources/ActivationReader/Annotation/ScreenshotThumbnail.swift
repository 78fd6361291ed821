import ActivationPipeline
public import ActivationVision

/// Small JPEG copies of screenshots, for galleries (the batch report): upright, at most
/// `maxSide` pixels a side, pixels only (no EXIF, no GPS). Blocks while it reads and decodes;
/// safe from any thread.
public enum ScreenshotThumbnail {
    /// The thumbnail of the file at `path`; nil when it cannot be read or decoded.
    public static func jpeg(path: String, maxSide: Int, maxBytes: Int = 64 << 20, budget: PixelBudget = PixelBudget()) -> [UInt8]? {
        guard case .success(let screenshot) = Screenshot.load(path: path, maxBytes: maxBytes),
              let decoded = try? ImageDecoder.decode(screenshot.bytes, budget: budget)
        else { return nil }
        return jpeg(of: decoded.image, maxSide: maxSide)
    }

    /// `image` shrunk to at most `maxSide` pixels a side (never enlarged), as a JPEG.
    public static func jpeg(of image: Image, maxSide: Int) -> [UInt8]? {
        let factor = min(1, Double(maxSide) / Double(max(image.width, image.height, 1)))
        let width = max(1, Int(Double(image.width) * factor)), height = max(1, Int(Double(image.height) * factor))
        let small = factor < 1 ? image.scaled(toWidth: width, height: height) : image
        return small?.jpegData(quality: 75)
    }
}
