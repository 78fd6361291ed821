import ActivationVision

/// How much of a picture is exactly flat: the share of horizontally neighbouring pixels (every
/// eighth row of its text-ready gray) that are equal to the last level. A screenshot is mostly
/// drawn in exact flat colours, even after JPEG; a camera's photo of a screen has sensor noise
/// and uneven light, so few neighbours are exactly equal. I/O-free but costly: decodes the
/// bytes; blocks the calling thread for about a decode.
public enum PictureTexture {
    /// The exact-flat share of the image in `bytes`, 0…1; nil when they do not decode.
    public static func exactFlatShare(_ bytes: [UInt8]) -> Double? {
        guard let decoded = try? ImageDecoder.decode(bytes), let prepared = decoded.image.textGray() else { return nil }
        return prepared.image.flatShare(rowStep: 8, tolerance: 0)
    }
}
