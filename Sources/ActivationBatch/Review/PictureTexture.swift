import ActivationPipeline
import ActivationVision

/// What the review learns from a picture's pixels, beyond the reader's result: how much of it is
/// exactly flat, and which IMEIs a barcode in it also encodes. I/O-free but costly: decodes the
/// bytes (and scans a flat picture for barcodes with zbar); blocks the calling thread for about a
/// decode.
public enum PictureTexture {
    /// What one look found.
    public struct Look: Sendable, Hashable {
        /// The share of horizontally neighbouring pixels (every eighth row of the text-ready
        /// gray) that are equal to the last level: a screenshot is mostly drawn in exact flat
        /// colours, even after JPEG; a camera's photo of a screen has sensor noise and uneven
        /// light, so few neighbours are exactly equal.
        public var exactFlatShare: Double
        /// The `imeis` that a Code 128 / Code 39 / I2of5 barcode in a flat, level picture
        /// encodes (its digits the IMEI, or the IMEI without its check digit); nil when not
        /// scanned.
        public var barcodeConfirmed: [String]?
        /// The angle, in degrees, that levels the picture's text lines (leptonica's skew sweep
        /// over the text-ready gray, the one the reader levels labels with); nil when it finds
        /// no confident angle. A screenshot's text is level to the pixel; a camera held by a
        /// hand is not.
        public var skewDegrees: Double?

        /// Whether the text stands askew: ``skewDegrees`` at least ``ReviewEvidence/minPhotoSkew``.
        public var askew: Bool { abs(skewDegrees ?? 0) >= ReviewEvidence.minPhotoSkew }
    }

    /// The exact-flat share of the image in `bytes`, 0…1; nil when they do not decode.
    public static func exactFlatShare(_ bytes: [UInt8]) -> Double? {
        look(bytes, imeis: []).map(\.exactFlatShare)
    }

    /// Looks at the image in `bytes`: its exact-flat share and its text's skew, and, when it is
    /// flat and level (a screen, not a photo: a share of at least
    /// `ReviewEvidence.maxPhotoFlatShare`, not ``Look/askew``) and `imeis` is not empty, which of
    /// them a barcode encodes. Nil when the bytes do not decode.
    public static func look(_ bytes: [UInt8], imeis: [String]) -> Look? {
        guard let decoded = try? ImageDecoder.decode(bytes), let prepared = decoded.image.textGray(),
              let share = prepared.image.flatShare(rowStep: 8, tolerance: 0)
        else { return nil }
        var look = Look(exactFlatShare: share, barcodeConfirmed: nil, skewDegrees: prepared.image.levellingAngle(range: 10))
        if !imeis.isEmpty, share >= ReviewEvidence.maxPhotoFlatShare, !look.askew, let scanner = BarcodeScanner() {
            var texts = Set(scanner.scan(prepared.image).map { String($0.text.filter(\.isNumber)) })
            let confirmed = { imeis.filter { texts.contains($0) || texts.contains(String($0.prefix(14))) } }
            // A dark screen was inverted for its text; its bars may stand dark on light as drawn.
            if prepared.inverted, confirmed().count < imeis.count, let drawn = prepared.image.inverted() {
                texts.formUnion(scanner.scan(drawn).map { String($0.text.filter(\.isNumber)) })
            }
            look.barcodeConfirmed = confirmed()
        }
        return look
    }
}
