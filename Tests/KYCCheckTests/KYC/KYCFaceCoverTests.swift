@testable import ActivationPipeline
@testable import ActivationVision
import Foundation
@testable import KYCCheck
import Testing

/// A face the cascades count whose nose and mouth, or eyes, show no skin (`FaceCover`): a mask
/// they still take for a face's lower half is `FACE_OBSCURED`, and so are sunglasses; a beard,
/// which leaves the nose bare, is not. On pixels drawn here, on the rules' values at each
/// strictness, and on the astronaut bare, under the pleated mask of
/// `samples/kyc/bad-selfie-surgical-mask.jpg` and under the sunglasses of
/// `samples/kyc/bad-selfie-sunglasses.jpg`.
@Suite struct KYCFaceCoverTests {
    static let skin: (UInt8, UInt8, UInt8) = (214, 166, 138)

    /// A 128×128 face of `skin` with the rectangles (shares of the side) painted in colours.
    static func face(_ painted: [(x: ClosedRange<Double>, y: ClosedRange<Double>, rgb: (UInt8, UInt8, UInt8))]) -> [UInt8] {
        let side = 128
        var rgb = [UInt8](repeating: 0, count: 3 * side * side)
        for y in 0..<side {
            for x in 0..<side {
                var colour = skin
                for p in painted where p.x.contains(Double(x) / Double(side)) && p.y.contains(Double(y) / Double(side)) {
                    colour = p.rgb
                }
                let i = 3 * (y * side + x)
                (rgb[i], rgb[i + 1], rgb[i + 2]) = colour
            }
        }
        return rgb
    }

    // MARK: The measure, on pixels

    @Test func redIsPositiveGreenNegativeGreyNothing() {
        #expect(FaceCover.aStar(r: 255, g: 0, b: 0) > 70)
        #expect(FaceCover.aStar(r: 0, g: 255, b: 0) < -70)
        #expect(abs(FaceCover.aStar(r: 128, g: 128, b: 128)) < 0.5)
        // Skin is reddish: a* well above a blue mask's.
        #expect(FaceCover.aStar(r: Self.skin.0, g: Self.skin.1, b: Self.skin.2) > 10)
        #expect(FaceCover.aStar(r: 120, g: 160, b: 200) < 0)
    }

    @Test func aBareFaceIsUncovered() throws {
        let cover = try #require(FaceCover(rgb: Self.face([]), width: 128, height: 128))
        #expect(abs(cover.mouthDrop) < 0.01 && abs(cover.noseDrop) < 0.01)
        #expect(cover.uncovered == 100)
    }

    @Test(arguments: [(UInt8(120), UInt8(160), UInt8(200)), (235, 235, 238), (45, 45, 50)])
    func aMaskOverTheNoseAndMouthIsCovered(mask: (UInt8, UInt8, UInt8)) throws {
        // Blue, white and black masks from the nose down.
        let cover = try #require(FaceCover(rgb: Self.face([(0.1...0.9, 0.5...1.0, mask)]), width: 128, height: 128))
        #expect(cover.mouthDrop > 10 && cover.noseDrop > 10)
        #expect(cover.uncovered == 0)
    }

    @Test func aBeardLeavesTheNoseBareAndTheFaceUncovered() throws {
        // Dark hair over the mouth and chin only: the mouth is less red, the nose is skin.
        let cover = try #require(FaceCover(rgb: Self.face([(0.2...0.8, 0.7...1.0, (60, 45, 35))]), width: 128, height: 128))
        #expect(cover.mouthDrop > 5)
        #expect(abs(cover.noseDrop) < 0.01)
        #expect(cover.uncovered == 100)
    }

    @Test func darkLensesOverTheEyesAreCoveredAndAFoundEyeIsNot() throws {
        // Near-black lenses across both eyes' bands, the cheeks below them skin.
        let lenses = Self.face([(0.12...0.88, 0.28...0.48, (30, 30, 34))])
        let shaded = try #require(FaceCover(rgb: lenses, width: 128, height: 128))
        #expect(shaded.eyesLightness < 0.3)
        #expect(shaded.eyesUncovered < 30)
        // The eye cascade finding an eye overrules the band's darkness (dark eyes, a shadow).
        #expect(FaceCover(mouthDrop: 0, noseDrop: 0, eyesLightness: shaded.eyesLightness, eyesFound: 1).eyesUncovered == 100)
        #expect(FaceCover(mouthDrop: 0, noseDrop: 0, eyesLightness: shaded.eyesLightness, eyesFound: 0).eyesUncovered == shaded.eyesUncovered)
        // A bare face: the band is as light as the cheeks.
        let bare = try #require(FaceCover(rgb: Self.face([]), width: 128, height: 128))
        #expect(bare.eyesUncovered == 100)
        #expect(abs(FaceCover.lStar(r: 255, g: 255, b: 255) - 100) < 0.01)
        #expect(abs(FaceCover.lStar(r: 0, g: 0, b: 0)) < 0.01)
    }

    @Test func tooSmallAPictureIsNotMeasured() {
        #expect(FaceCover(rgb: [UInt8](repeating: 200, count: 3 * 4), width: 2, height: 2) == nil)
        #expect(FaceCover(rgb: [], width: 128, height: 128) == nil)
    }

    // MARK: The rule, on values

    /// The face checks at `level` of a sharp, well-lit, large face whose cover `cover` measures,
    /// with the rules they were held against.
    static func judged(
        _ cover: FaceCover?, at level: KYCStrictness = .normal
    ) -> (rules: KYCRules, measures: [KYCMeasure], issues: [KYCIssue]) {
        let rules = KYCRules(strictness: level)
        let judged = rules.faceChecks(FaceQuality(focus: 500, brightness: 150, share: 0.3), cover: cover)
        return (rules, judged.measures, judged.issues)
    }

    @Test(arguments: [
        (KYCStrictness.relaxed, 5.5, false), (.normal, 5.5, true), (.strict, 5.5, true),
        (.relaxed, 4.5, false), (.normal, 4.5, false), (.strict, 4.5, true),
        (.relaxed, 6.5, true),
    ])
    func theThresholdFollowsTheStrictness(level: KYCStrictness, drop: Double, obscured: Bool) {
        let (rules, measures, issues) = Self.judged(FaceCover(mouthDrop: drop + 3, noseDrop: drop), at: level)
        let measure = measures.first { $0.name == "face_uncovered" }
        #expect(measure?.score == Int((100 - 10 * drop).rounded()))
        #expect(measure?.threshold == rules.faceUncoveredThreshold)
        #expect(issues.map(\.code).contains(.faceObscured) == obscured)
    }

    @Test(arguments: [
        (KYCStrictness.relaxed, 0.50, false), (.normal, 0.50, true), (.strict, 0.50, true),
        (.relaxed, 0.60, false), (.normal, 0.60, false), (.strict, 0.60, true),
        (.relaxed, 0.40, true),
    ])
    func theEyesThresholdFollowsTheStrictness(level: KYCStrictness, lightness: Double, obscured: Bool) {
        let cover = FaceCover(mouthDrop: 0, noseDrop: 0, eyesLightness: lightness, eyesFound: 0)
        let (rules, measures, issues) = Self.judged(cover, at: level)
        let measure = measures.first { $0.name == "eyes_uncovered" }
        #expect(measure?.score == Int((100 * lightness).rounded()))
        #expect(measure?.threshold == rules.eyesUncoveredThreshold)
        #expect(issues.map(\.code).contains(.faceObscured) == obscured)
        #expect(issues.contains { $0.message.contains("sunglasses") } == obscured)
    }

    @Test func aMaskAndSunglassesAreSaidOnce() {
        let (_, measures, issues) = Self.judged(FaceCover(mouthDrop: 12, noseDrop: 10, eyesLightness: 0.2, eyesFound: 0))
        #expect(measures.filter(\.fails).map(\.name) == ["face_uncovered", "eyes_uncovered"])
        #expect(issues.map(\.code) == [.faceObscured])
    }

    @Test func withoutAMeasureThereIsNoCheck() {
        let (_, measures, issues) = Self.judged(nil)
        #expect(!measures.contains { $0.name == "face_uncovered" || $0.name == "eyes_uncovered" })
        #expect(issues.isEmpty)
    }

    // MARK: On pictures

    @Test func theSurgicalMaskSampleIsObscuredAndTheBareAstronautIsNot() throws {
        let validator = try KYCValidator()
        let sample = Array(try Data(contentsOf: KYCValidatorTests.samples.appendingPathComponent("bad-selfie-surgical-mask.jpg")))
        let masked = validator.examine(sample, fileExtension: "jpg", role: .selfie).0.report
        #expect(masked.faces == 1, "the cascades count the masked face")
        #expect(masked.errors.map(\.code) == [.faceObscured])
        #expect((masked.checks.first { $0.name == "face_uncovered" }?.score ?? 100) < 20)

        let bare = validator.examine(try KYCSamples.astronaut(), fileExtension: "jpg", role: .selfie).0.report
        #expect(bare.errors.isEmpty)
        #expect((bare.checks.first { $0.name == "face_uncovered" }?.score ?? 0) >= 95)
        #expect(bare.checks.first { $0.name == "eyes_uncovered" }?.score == 100, "her eyes are found")
    }

    @Test func theSunglassesSampleIsObscured() throws {
        // The astronaut under drawn dark lenses: the cascades still count her face, the eye
        // cascade finds no eye, and the band across the eyes is dark.
        let validator = try KYCValidator()
        let sample = Array(try Data(contentsOf: KYCValidatorTests.samples.appendingPathComponent("bad-selfie-sunglasses.jpg")))
        let report = validator.examine(sample, fileExtension: "jpg", role: .selfie).0.report
        #expect(report.faces == 1)
        #expect(report.errors.map(\.code) == [.faceObscured])
        #expect((report.checks.first { $0.name == "eyes_uncovered" }?.score ?? 100) < 40)
        #expect((report.checks.first { $0.name == "face_uncovered" }?.score ?? 0) >= 95, "the nose and mouth show skin")
    }
}
