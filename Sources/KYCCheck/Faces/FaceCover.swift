import ActivationVision
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a found face's nose and mouth show skin: how much less red (CIE L\*a\*b\* a\*) they
/// are than its cheeks. A mask the cascades still count as a face (its pleats and shading look
/// like a nose and a mouth to them) is blue, white, grey or black over both; a beard or a
/// moustache covers the mouth only, and the nose stays skin. Pure value; `init?(of:in:)`
/// measures, and blocks for well under a millisecond.
///
/// Measured by the validator on the Face-Mask-Detection dataset's faces
/// (chandrikadeb7/Face-Mask-Detection, about 4,000 crops labelled with and without a mask, each
/// set on a grey border at 600 px): on 700 masked and 700 unmasked crops drawn at random after
/// the threshold was chosen on 800 others, it counted one face in 111 masked and 422 unmasked
/// ones; the score fell under 50 for 82 of the masked (74 %) and 1 of the unmasked (0.2 %, a
/// small face lit yellow). The 45 real good selfies of the KYC set score 95 or more.
struct FaceCover: Sendable, Hashable {
    /// The cheeks' median a\* minus the mouth's and chin's.
    var mouthDrop: Double
    /// The cheeks' median a\* minus the nose's.
    var noseDrop: Double

    /// The regions of the face box, as shares of its width and height (a cascade's box runs
    /// from the brows to the chin): the cheeks below the eyes on either side, the nose's tip,
    /// the mouth and chin.
    static let cheeks = [(x: 0.15...0.35, y: 0.30...0.45), (x: 0.65...0.85, y: 0.30...0.45)]
    static let nose = (x: 0.40...0.60, y: 0.55...0.68)
    static let mouth = (x: 0.30...0.70, y: 0.72...0.92)
    /// The side the face's box is scaled to before measuring.
    static let side = 128

    init(mouthDrop: Double, noseDrop: Double) {
        self.mouthDrop = mouthDrop
        self.noseDrop = noseDrop
    }

    /// Measures the face in `box` of the colour picture `image`; nil for a gray picture or a box
    /// that cannot be cut out.
    init?(of box: PixelRect, in image: Image) {
        guard image.depth == 32, let face = image.cropped(to: box), face.width > 0,
              let small = face.scaled(by: Double(Self.side) / Double(face.width)),
              let rgb = small.packedBytes(), rgb.count == small.width * small.height * 3
        else { return nil }
        self.init(rgb: rgb, width: small.width, height: small.height)
    }

    /// Measures a face filling `rgb`, packed R G B pixels `width`×`height`; nil when a region
    /// is empty.
    init?(rgb: [UInt8], width: Int, height: Int) {
        func redness(_ regions: [(x: ClosedRange<Double>, y: ClosedRange<Double>)]) -> Double? {
            var values: [Double] = []
            for region in regions {
                let (x0, x1) = (Int(region.x.lowerBound * Double(width)), Int(region.x.upperBound * Double(width)))
                let (y0, y1) = (Int(region.y.lowerBound * Double(height)), Int(region.y.upperBound * Double(height)))
                for y in y0..<min(y1, height) {
                    for x in x0..<min(x1, width) {
                        let i = 3 * (y * width + x)
                        values.append(Self.aStar(r: rgb[i], g: rgb[i + 1], b: rgb[i + 2]))
                    }
                }
            }
            guard !values.isEmpty else { return nil }
            values.sort()
            return values[values.count / 2]
        }
        guard rgb.count >= 3 * width * height, let cheeks = redness(Self.cheeks),
              let nose = redness([Self.nose]), let mouth = redness([Self.mouth])
        else { return nil }
        self.init(mouthDrop: cheeks - mouth, noseDrop: cheeks - nose)
    }

    /// The score: 100 less 10 for each unit by which both the nose and the mouth are less red
    /// than the cheeks (the smaller drop), clamped to 0–100; 50 at a drop of 5.
    var uncovered: Int {
        Int(min(100, max(0, 100 - 10 * min(mouthDrop, noseDrop))).rounded())
    }

    /// The linear light of each 8-bit sRGB level.
    static let linear: [Double] = (0...255).map { level in
        let v = Double(level) / 255
        return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    /// CIE a\* (D65) of an sRGB pixel: positive red, negative green.
    static func aStar(r: UInt8, g: UInt8, b: UInt8) -> Double {
        func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16.0 / 116 }
        let (lr, lg, lb) = (linear[Int(r)], linear[Int(g)], linear[Int(b)])
        let x = (0.412453 * lr + 0.357580 * lg + 0.180423 * lb) / 0.950456
        let y = 0.212671 * lr + 0.715160 * lg + 0.072169 * lb
        return 500 * (f(x) - f(y))
    }
}
