internal import CLeptonica

/// A decoded raster, owned by leptonica: 8-bit gray or 32-bit RGB(A).
///
/// This is the one place where leptonica's `PIX` lives; no pointer leaves the type.
/// Instances are not thread-safe: an image belongs to the worker that made it. Every
/// operation returns a new image, or nil when leptonica could not allocate it.
public final class Image {
    let pix: UnsafeMutablePointer<PIX>

    /// Takes ownership of `pix`; it is destroyed with the image.
    init(taking pix: UnsafeMutablePointer<PIX>) {
        self.pix = pix
    }

    /// Wraps a result from leptonica, or nil when it returned none.
    static func wrap(_ pix: UnsafeMutablePointer<PIX>?) -> Image? {
        pix.map(Image.init(taking:))
    }

    deinit {
        var p: UnsafeMutablePointer<PIX>? = pix
        pixDestroy(&p)
    }

    public var width: Int { Int(pixGetWidth(pix)) }
    public var height: Int { Int(pixGetHeight(pix)) }
    /// Bits per pixel: 8 for gray, 32 for colour.
    public var depth: Int { Int(pixGetDepth(pix)) }

    /// A copy scaled by `factor` (area-averaged when shrinking, interpolated when growing),
    /// not sharpened: Tesseract reads the unsharpened copy as well, and sharpening cost 5% of
    /// the reader's CPU.
    public func scaled(by factor: Double) -> Image? {
        if abs(factor - 1) < 0.01 { return Image.wrap(pixClone(pix)) }
        return Image.wrap(pixScaleGeneral(pix, Float(factor), Float(factor), 0, 0))
    }

    /// A copy scaled by `factor` by sampling (each pixel the nearest one, nothing averaged), at
    /// a fraction of an averaged copy's cost: for a measure that smooths its copy itself.
    public func sampled(by factor: Double) -> Image? {
        if abs(factor - 1) < 0.01 { return Image.wrap(pixClone(pix)) }
        return Image.wrap(pixScaleBySampling(pix, Float(factor), Float(factor)))
    }

    /// A copy scaled to exactly `width`×`height`.
    public func scaled(toWidth width: Int, height: Int) -> Image? {
        Image.wrap(pixScaleToSize(pix, Int32(width), Int32(height)))
    }

    /// A copy turned clockwise by `quarterTurns` × 90°.
    public func rotated(quarterTurns: Int) -> Image? {
        let q = ((quarterTurns % 4) + 4) % 4
        return q == 0 ? Image.wrap(pixClone(pix)) : Image.wrap(pixRotateOrth(pix, Int32(q)))
    }

    /// A mirrored copy, left–right or top–bottom.
    public func flipped(horizontally: Bool) -> Image? {
        horizontally ? Image.wrap(pixFlipLR(nil, pix)) : Image.wrap(pixFlipTB(nil, pix))
    }

    /// The part inside `rect`, clipped to the image; nil when nothing is left.
    public func cropped(to rect: PixelRect) -> Image? {
        let r = rect.clamped(width: width, height: height)
        guard r.width > 1, r.height > 1, let box = boxCreate(Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
        else { return nil }
        var b: UnsafeMutablePointer<BOX>? = box
        defer { boxDestroy(&b) }
        return Image.wrap(pixClipRectangle(pix, box, nil))
    }

    /// A copy with every value inverted (dark text on light from light on dark).
    public func inverted() -> Image? {
        Image.wrap(pixInvert(nil, pix))
    }

    /// The mean gray value, 0…255, sampled every `step` pixels (8-bit images only).
    public func meanGray(step: Int = 4) -> Double {
        guard depth == 8 else { return 128 }
        var value: Float = 0
        guard pixGetAverageMasked(pix, nil, 0, 0, Int32(max(1, step)), Int32(L_MEAN_ABSVAL), &value) == 0 else { return 128 }
        return Double(value)
    }

    /// The pixels as tightly packed bytes: one per pixel for gray, R G B for colour
    /// (alpha dropped). Nil for other depths or on allocation failure.
    public func packedBytes() -> [UInt8]? {
        let w = width, h = height
        guard depth == 8 || depth == 32, let data = pixGetData(pix) else { return nil }
        let wpl = Int(pixGetWpl(pix))
        let channels = depth == 8 ? 1 : 3
        var out = [UInt8](repeating: 0, count: w * h * channels)
        out.withUnsafeMutableBufferPointer { dst in
            for y in 0..<h {
                let line = data + y * wpl
                if channels == 1 {
                    line.withMemoryRebound(to: UInt8.self, capacity: wpl * 4) { bytes in
                        for x in 0..<w { dst[y * w + x] = bytes[x ^ 3] }
                    }
                } else {
                    for x in 0..<w {
                        let word = line[x]
                        let o = (y * w + x) * 3
                        dst[o] = UInt8(truncatingIfNeeded: word >> 24)
                        dst[o + 1] = UInt8(truncatingIfNeeded: word >> 16)
                        dst[o + 2] = UInt8(truncatingIfNeeded: word >> 8)
                    }
                }
            }
        }
        return out
    }

    /// An image made from packed 8-bit samples: 1 (gray), 3 (RGB) or 4 (RGBA, alpha blended
    /// over white) channels per pixel, `rowBytes` apart.
    static func fromPacked(
        _ base: UnsafePointer<UInt8>, width: Int, height: Int, rowBytes: Int, channels: Int
    ) -> Image? {
        guard [1, 3, 4].contains(channels), width > 0, height > 0,
              let pix = pixCreate(Int32(width), Int32(height), channels == 1 ? 8 : 32),
              let data = pixGetData(pix)
        else { return nil }
        let image = Image(taking: pix)
        let wpl = Int(pixGetWpl(pix))
        for y in 0..<height {
            let src = base + y * rowBytes
            let line = data + y * wpl
            if channels == 1 {
                line.withMemoryRebound(to: UInt8.self, capacity: wpl * 4) { bytes in
                    for x in 0..<width { bytes[x ^ 3] = src[x] }
                }
            } else {
                for x in 0..<width {
                    let p = src + x * channels
                    var r = UInt32(p[0]), g = UInt32(p[1]), b = UInt32(p[2])
                    if channels == 4 {
                        let a = UInt32(p[3])
                        r = (r * a + 255 * (255 - a)) / 255
                        g = (g * a + 255 * (255 - a)) / 255
                        b = (b * a + 255 * (255 - a)) / 255
                    }
                    line[x] = r << 24 | g << 16 | b << 8
                }
            }
        }
        return image
    }

    /// The share of pixels inside `rect` darker than `threshold` (8-bit images only).
    public func inkFraction(in rect: PixelRect, threshold: Int = 128) -> Double {
        guard depth == 8, let crop = cropped(to: rect),
              let binary = Image.wrap(pixThresholdToBinary(crop.pix, Int32(threshold)))
        else { return 0 }
        var count: Int32 = 0
        guard pixCountPixels(binary.pix, &count, nil) == 0 else { return 0 }
        return Double(count) / Double(max(1, crop.width * crop.height))
    }

    /// The horizontal extent of the bars around (`x`, `y`): walking out from `x` along row `y`
    /// while dark pixels keep recurring within a gap a few bars wide (8-bit images only).
    public func darkRun(alongRow y: Int, around x: Int, threshold: UInt8 = 128, maxGap: Int = 24) -> ClosedRange<Int> {
        guard depth == 8, y >= 0, y < height, x >= 0, x < width, let data = pixGetData(pix) else { return x...x }
        let line = data + y * Int(pixGetWpl(pix))
        return line.withMemoryRebound(to: UInt8.self, capacity: Int(pixGetWpl(pix)) * 4) { bytes in
            func dark(_ i: Int) -> Bool { bytes[i ^ 3] < threshold }
            var left = x, right = x, gap = 0
            var i = x
            while i > 0, gap <= maxGap {
                i -= 1
                if dark(i) { left = i; gap = 0 } else { gap += 1 }
            }
            i = x
            gap = 0
            while i < width - 1, gap <= maxGap {
                i += 1
                if dark(i) { right = i; gap = 0 } else { gap += 1 }
            }
            return left...right
        }
    }

    /// Writes the image as PNG (debugging aid).
    package func dump(to path: String) {
        _ = pixWrite(path, pix, Int32(IFF_PNG))
    }
}
