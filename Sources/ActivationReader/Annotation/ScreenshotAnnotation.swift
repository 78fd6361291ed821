public import ActivationPipeline
public import ActivationVision

/// Annotated copies of screenshots: the upright image (EXIF orientation applied) at its full
/// size, with what the reader found drawn on it (``AnnotationPlan``), as PNG.
///
/// The PNG is made from the pixels alone: no EXIF, no GPS, no text chunks. Decodes the image
/// again, so it blocks the calling thread for about as long as a decode; safe from any thread.
public enum ScreenshotAnnotation {
    /// The annotated PNG of `bytes`, the screenshot `result` was read from.
    /// Throws 4005 when the bytes do not decode and 4006 when drawing or encoding fails.
    public static func png(
        of bytes: [UInt8], result: ScreenshotResult, unmasked: Bool = false, budget: PixelBudget = PixelBudget()
    ) throws(OAError) -> [UInt8] {
        let decoded: DecodedImage
        do {
            decoded = try ImageDecoder.decode(bytes, budget: budget)
        } catch {
            throw OAError.screenshotLoad.with(detail: error.description)
        }
        let marks = AnnotationPlan.marks(for: result, unmasked: unmasked)
        guard let drawn = decoded.image.annotated(with: marks), let png = drawn.pngData() else {
            throw OAError.unableToProcess.with(detail: "out of memory drawing the annotated image")
        }
        return png
    }

    /// `DIR/<input name without extension>.annotated.png` for the input `path`.
    public static func outputPath(for path: String, in directory: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let stem = name.lastIndex(of: ".").map { name[..<$0] }.map(String.init) ?? name
        let dir = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        return "\(dir)/\(stem.isEmpty ? name : stem).annotated.png"
    }
}
