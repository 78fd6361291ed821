import ActivationVision

/// An 8-bit gray picture as packed rows, for the face cascades: cut out around a proposal, or
/// widened by mirroring its left and right edges. Pure value.
struct GrayPixels: Sendable, Hashable {
    /// One byte a pixel, `width` a row, no padding.
    var bytes: [UInt8]
    var width: Int
    var height: Int

    /// Wraps `bytes`; nil unless they are exactly `width`×`height`, both over 0.
    init?(bytes: [UInt8], width: Int, height: Int) {
        guard width > 0, height > 0, bytes.count == width * height else { return nil }
        self.bytes = bytes
        self.width = width
        self.height = height
    }

    /// The pixels of an 8-bit gray `image`; nil when it is not one.
    init?(_ image: Image) {
        guard let bytes = image.packedBytes() else { return nil }
        self.init(bytes: bytes, width: image.width, height: image.height)
    }

    /// The part inside `rect` (clamped to the picture); nil when nothing is left.
    func cropped(to rect: PixelRect) -> GrayPixels? {
        let r = rect.clamped(width: width, height: height)
        guard r.width > 0, r.height > 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(r.width * r.height)
        for y in r.y..<r.maxY {
            out += bytes[(y * width + r.x)..<(y * width + r.maxX)]
        }
        return GrayPixels(bytes: out, width: r.width, height: r.height)
    }

    /// The picture with `pad` columns added at its left and at its right, each the mirror image
    /// of the columns next to that edge: a face cut by a side edge becomes whole again, since a
    /// face is close to symmetric. `pad` is at most the width.
    func mirroredSides(pad: Int) -> GrayPixels {
        let pad = max(0, min(pad, width))
        var out: [UInt8] = []
        out.reserveCapacity((width + 2 * pad) * height)
        for y in 0..<height {
            let row = bytes[(y * width)..<(y * width + width)]
            out += row.prefix(pad).reversed()
            out += row
            out += row.suffix(pad).reversed()
        }
        return GrayPixels(bytes: out, width: width + 2 * pad, height: height) ?? self
    }
}
