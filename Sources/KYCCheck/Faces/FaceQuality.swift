import ActivationVision

/// How a selfie's face looks: its sharpness, its exposure and its size, measured on the face's
/// box (not the frame, whose background may be sharp or dark while the face is not). Pure
/// value; `init?(face:box:in:)` measures, and blocks for about a millisecond.
struct FaceQuality: Sendable, Hashable {
    /// The variance of the 4-neighbour Laplacian on the face's box scaled to 128 px wide.
    /// Sharp real faces measure 250–1500, blurred ones 3–7.
    var focus: Double
    /// The mean luminance of the box's central part (the face without its background corners).
    var brightness: Double
    /// The box's width as a share of the picture's long side.
    var share: Double

    /// The focus that scores 50.
    static let focusAtFifty = 40.0
    /// The mean face luminance at which the dark score is 0 and 100: good real faces measure
    /// 110–195.
    static let darkRange = (zero: 40.0, full: 100.0)
    /// The mean face luminance at which the bright score is 0 and 100.
    static let brightRange = (zero: 240.0, full: 205.0)
    /// The side the face's box is scaled to before measuring.
    static let side = 128

    init(focus: Double, brightness: Double, share: Double) {
        self.focus = focus
        self.brightness = brightness
        self.share = share
    }

    /// The face in `box` (in `image`'s pixels) cut out as a gray copy `side` pixels wide (about
    /// `side`×`side`: Haar boxes are square), what `init?(face:box:in:)` measures and the eye
    /// cascade searches; nil when the box cannot be cut out.
    static func grayFace(of box: PixelRect, in image: Image) -> Image? {
        image.cropped(to: box)?.grayCopy(width: side)
    }

    /// Measures `gray`, the face in `box` of `image` as `grayFace(of:in:)` cut it out; nil when
    /// it is under 8 px a side.
    init?(face gray: Image, box: PixelRect, in image: Image) {
        guard let p = gray.packedBytes(), gray.width >= 8, gray.height >= 8, p.count == gray.width * gray.height
        else { return nil }
        let w = gray.width, h = gray.height
        var sum = 0.0, sumSquares = 0.0, count = 0.0
        for y in 1..<(h - 1) {
            for x in 1..<(w - 1) {
                let i = y * w + x
                let l = Double(Int(p[i - 1]) + Int(p[i + 1]) + Int(p[i - w]) + Int(p[i + w]) - 4 * Int(p[i]))
                sum += l
                sumSquares += l * l
                count += 1
            }
        }
        let mean = sum / count
        var inner = 0.0, innerCount = 0.0
        for y in (h / 8)..<(h - h / 8) {
            for x in (w / 8)..<(w - w / 8) {
                inner += Double(p[y * w + x])
                innerCount += 1
            }
        }
        self.init(
            focus: max(0, sumSquares / count - mean * mean), brightness: inner / max(1, innerCount),
            share: Double(box.width) / Double(max(1, max(image.width, image.height)))
        )
    }

    /// The sharpness score, 0–100: 50 at `focusAtFifty`.
    var sharpness: Int { Int((100 * focus / (focus + Self.focusAtFifty)).rounded()) }

    /// The exposure score, 0–100, and whether a low one means too dark.
    var exposure: (score: Int, underexposed: Bool) {
        let dark = Self.linear(brightness, Self.darkRange), bright = Self.linear(brightness, Self.brightRange)
        return (min(dark, bright), dark < bright)
    }

    /// The size as a score: the box's width in hundredths of the long side.
    var size: Int { Int((100 * share).rounded()) }

    /// `value` mapped linearly from `range.zero` (0) to `range.full` (100), clamped.
    static func linear(_ value: Double, _ range: (zero: Double, full: Double)) -> Int {
        let t = (value - range.zero) / (range.full - range.zero)
        return Int((100 * min(1, max(0, t))).rounded())
    }
}
