public import ActivationPipeline
import ActivationVision
import Crypto
import Foundation

/// What the risk rules need to know about an uploaded screenshot file besides its reading:
/// its SHA-256 and its size and EXIF facts. Pure; parses headers only, never decodes pixels,
/// so it is cheap to compute on a request's own task before or after the OCR.
public struct ScreenshotFingerprint: Sendable, Hashable {
    /// The file's SHA-256, lowercase hex: ``ActivationStep/DeviceIdInput/screenshotSHA256``.
    public var sha256: String
    /// Upright size and EXIF hints; nil when the bytes are not an image the decoder knows.
    public var facts: ImageFacts?

    /// The fingerprint of the file's `bytes`.
    public init(bytes: [UInt8]) {
        sha256 = Hex.lowercase(SHA256.hash(data: bytes))
        facts = Self.facts(of: bytes)
    }

    /// Size after EXIF orientation, and the EXIF tags the risk rules read.
    static func facts(of bytes: [UInt8]) -> ImageFacts? {
        guard let header = try? ImageDecoder.header(of: bytes) else { return nil }
        var exif = EXIFMetadata.read(from: bytes)
        if header.format == .heic, let heif = try? HEIFDecoder.read(bytes, budget: PixelBudget(), decode: false) {
            exif = heif.exif  // libheif reports the size already upright
        }
        let quarterTurn = (5...8).contains(exif.orientation)
        return ImageFacts(
            pixelWidth: quarterTurn ? header.height : header.width, pixelHeight: quarterTurn ? header.width : header.height,
            software: exif.software, make: exif.make, model: exif.model, hasCameraSettings: exif.hasCameraSettings)
    }
}
