import ActivationVision
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a found face shows its skin where a mask or sunglasses would hide it. A mask the
/// cascades still count as a face (its pleats and shading look like a nose and a mouth to them)
/// is blue, white, grey or black over both the nose and the mouth, which are then less red
/// (CIE L\*a\*b\* a\*) than the skin around the eyes; a beard or a moustache covers the mouth
/// only, and the nose stays skin. Sunglasses leave the band across the eyes dark throughout,
/// where bare eyes show the skin of the lids and below them between the brows, lashes and
/// irises. Pure value; `init?(of:in:)` measures, and blocks for well under a millisecond.
///
/// The mask's measure, by the validator on the Face-Mask-Detection dataset's faces
/// (chandrikadeb7/Face-Mask-Detection, about 4,000 crops labelled with and without a mask, each
/// set on a grey border at 600 px): on 700 masked and 700 unmasked crops drawn at random after
/// the threshold was chosen on 800 others, it counted one face in 111 masked and 422 unmasked
/// ones; the score fell under 50 for 82 of the masked (74 %) and 1 of the unmasked (0.2 %, a
/// small face lit yellow). The 45 real good selfies of the KYC set score 95 or more.
///
/// The eyes' measure, by the validator on faces it counted alone in pictures labelled by eye,
/// each on a grey border at 600 px (`realworld/faces`, `scripts/score-realworld-faces.py`:
/// shreyas0906/Selfies-with-sunglasses, chandrikadeb7/Face-Mask-Detection,
/// denilv/people-with-glasses-classifier and a public selfie subset): under 55, 39 of 89 faces
/// in sunglasses (44 %: mirrored and light lenses pass), none of 206 bare faces, of 32 in clear
/// glasses, or of 422 more unmasked crops of the mask dataset bar one in sunglasses; under 65
/// (`strict`), 46 of 89 and 4 of 206 bare faces. The eye cascade alone finds no eye in a fifth
/// of bare faces, the band's lightness alone flags dark-eyed ones; together neither. The 47 real
/// good selfies score 77 or more.
struct FaceCover: Sendable, Hashable {
    /// The median a\* around the eyes minus the mouth's and chin's.
    var mouthDrop: Double
    /// The median a\* around the eyes minus the nose's.
    var noseDrop: Double
    /// The 75th percentile of L\* across the eyes over the cheeks' median L\*.
    var eyesLightness: Double
    /// How many eyes the eye cascade found in the face (`FaceDetector.eyes`); nil when not
    /// looked for.
    var eyesFound: Int?

    /// The regions of the face box, as shares of its width and height (a frontal cascade's
    /// square box runs from the brows to the chin, the eyes at 0.30–0.45 of its height): the
    /// eyes' outer corners with the skin around them, the band across each eye (lids, iris and
    /// the skin below), the cheeks beside the nose, the nose's tip, the mouth and chin.
    static let eyeCorners = [(x: 0.15...0.35, y: 0.30...0.45), (x: 0.65...0.85, y: 0.30...0.45)]
    static let eyes = [(x: 0.18...0.42, y: 0.32...0.45), (x: 0.58...0.82, y: 0.32...0.45)]
    static let cheeks = [(x: 0.14...0.32, y: 0.52...0.66), (x: 0.68...0.86, y: 0.52...0.66)]
    static let nose = (x: 0.40...0.60, y: 0.55...0.68)
    static let mouth = (x: 0.30...0.70, y: 0.72...0.92)
    /// The side the face's box is scaled to before measuring.
    static let side = 128

    init(mouthDrop: Double, noseDrop: Double, eyesLightness: Double = 1, eyesFound: Int? = nil) {
        self.mouthDrop = mouthDrop
        self.noseDrop = noseDrop
        self.eyesLightness = eyesLightness
        self.eyesFound = eyesFound
    }

    /// Measures the face in `box` of the colour picture `image`, whose eyes the eye cascade
    /// found `eyesFound` times; nil for a gray picture or a box that cannot be cut out.
    init?(of box: PixelRect, in image: Image, eyesFound: Int? = nil) {
        guard image.depth == 32, let face = image.cropped(to: box), face.width > 0,
              let small = face.scaled(by: Double(Self.side) / Double(face.width)),
              let rgb = small.packedBytes(), rgb.count == small.width * small.height * 3
        else { return nil }
        self.init(rgb: rgb, width: small.width, height: small.height)
        self.eyesFound = eyesFound
    }

    /// Measures a face filling `rgb`, packed R G B pixels `width`×`height`; nil when a region
    /// is empty.
    init?(rgb: [UInt8], width: Int, height: Int) {
        /// The sorted values of `measure` over the pixels of `regions`.
        func values(
            _ regions: [(x: ClosedRange<Double>, y: ClosedRange<Double>)], _ measure: (UInt8, UInt8, UInt8) -> Double
        ) -> [Double] {
            var values: [Double] = []
            for region in regions {
                let (x0, x1) = (Int(region.x.lowerBound * Double(width)), Int(region.x.upperBound * Double(width)))
                let (y0, y1) = (Int(region.y.lowerBound * Double(height)), Int(region.y.upperBound * Double(height)))
                for y in y0..<min(y1, height) {
                    for x in x0..<min(x1, width) {
                        let i = 3 * (y * width + x)
                        values.append(measure(rgb[i], rgb[i + 1], rgb[i + 2]))
                    }
                }
            }
            return values.sorted()
        }
        guard rgb.count >= 3 * width * height else { return nil }
        let around = values(Self.eyeCorners, Self.aStar(r:g:b:)), nose = values([Self.nose], Self.aStar(r:g:b:))
        let mouth = values([Self.mouth], Self.aStar(r:g:b:))
        let eyes = values(Self.eyes, Self.lStar(r:g:b:)), cheeks = values(Self.cheeks, Self.lStar(r:g:b:))
        guard !around.isEmpty, !nose.isEmpty, !mouth.isEmpty, !eyes.isEmpty, !cheeks.isEmpty else { return nil }
        let median = { (v: [Double]) in v[v.count / 2] }
        self.init(
            mouthDrop: median(around) - median(mouth), noseDrop: median(around) - median(nose),
            eyesLightness: eyes[3 * eyes.count / 4] / max(1, median(cheeks))
        )
    }

    /// The score of the nose and mouth: 100 less 10 for each unit by which both are less red
    /// than the skin around the eyes (the smaller drop), clamped to 0–100; 50 at a drop of 5.
    var uncovered: Int {
        Int(min(100, max(0, 100 - 10 * min(mouthDrop, noseDrop))).rounded())
    }

    /// The score of the eyes: 100 when the eye cascade found one, else their band's lightness
    /// as a percentage of the cheeks', clamped to 0–100.
    var eyesUncovered: Int {
        if let eyesFound, eyesFound > 0 { return 100 }
        return Int(min(100, max(0, 100 * eyesLightness)).rounded())
    }

    /// The linear light of each 8-bit sRGB level.
    static let linear: [Double] = (0...255).map { level in
        let v = Double(level) / 255
        return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    /// CIE L\*a\*b\*'s companding function.
    private static func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16.0 / 116 }

    /// The relative luminance Y (D65) of an sRGB pixel.
    private static func luminance(_ lr: Double, _ lg: Double, _ lb: Double) -> Double {
        0.212671 * lr + 0.715160 * lg + 0.072169 * lb
    }

    /// CIE a\* (D65) of an sRGB pixel: positive red, negative green.
    static func aStar(r: UInt8, g: UInt8, b: UInt8) -> Double {
        let (lr, lg, lb) = (linear[Int(r)], linear[Int(g)], linear[Int(b)])
        let x = (0.412453 * lr + 0.357580 * lg + 0.180423 * lb) / 0.950456
        return 500 * (f(x) - f(luminance(lr, lg, lb)))
    }

    /// CIE L\* of an sRGB pixel: 0 black, 100 white.
    static func lStar(r: UInt8, g: UInt8, b: UInt8) -> Double {
        116 * f(luminance(linear[Int(r)], linear[Int(g)], linear[Int(b)])) - 16
    }
}
