import ActivationPipeline
import ActivationVision

/// What the review learns from a picture's pixels, beyond the reader's result: how much of it is
/// exactly flat, how level its text stands, and which IMEIs a barcode in it also encodes.
/// I/O-free but costly: decodes the bytes (and scans a flat picture for barcodes with zbar);
/// blocks the calling thread for about a decode.
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
        /// How far the text lines stand from level, in the whole picture and in its top and
        /// bottom thirds (``TextTilt``, over the text-ready gray); nil when not measured (a
        /// picture already a photo by its ``exactFlatShare``, or no 8-bit gray). A
        /// screenshot's text is level to the pixel everywhere; a camera held by a hand, or
        /// looking at the screen a little from the side, tilts it.
        var tilt: TextTilt?

        /// Whether the text stands askew somewhere (``TextTilt/tilted``).
        public var askew: Bool { tilt?.tilted == true }
    }

    /// The exact-flat share of the image in `bytes`, 0…1; nil when they do not decode.
    public static func exactFlatShare(_ bytes: [UInt8]) -> Double? {
        look(bytes, imeis: []).map(\.exactFlatShare)
    }

    /// Looks at the image in `bytes`: its exact-flat share and its text's tilt, and, when it is
    /// flat and level (a screen, not a photo: a share of at least
    /// `ReviewEvidence.maxPhotoFlatShare`, not ``Look/askew``) and `imeis` is not empty, which of
    /// them a barcode encodes. Nil when the bytes do not decode.
    public static func look(_ bytes: [UInt8], imeis: [String]) -> Look? {
        guard let decoded = try? ImageDecoder.decode(bytes), let prepared = decoded.image.textGray(),
              let share = prepared.image.flatShare(rowStep: 8, tolerance: 0)
        else { return nil }
        // A picture that few exactly equal neighbours already call a photo needs no tilt.
        let tilt = share >= ReviewEvidence.maxPhotoFlatShare ? prepared.image.textTilt() : nil
        var look = Look(exactFlatShare: share, barcodeConfirmed: nil, tilt: tilt)
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
