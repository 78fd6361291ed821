@testable import ActivationPipeline
@testable import ActivationVision
import Foundation
@testable import KYCCheck
import Testing

/// A selfie whose face the cascades cannot see but the face network (CenterFace) finds:
/// `FACE_OBSCURED` (a mask, a hat, a turned head), or `FACE_CUT_OFF` when the face reaches the
/// picture's edge; on values, and on the astronaut with a drawn mask over her nose and mouth.
@Suite struct KYCObscuredFaceTests {
    let rules = KYCRules()

    /// Whether the face network's model is installed (`scripts/install-deep-ocr.sh`).
    static let networkInstalled = KYCRules().faceNetworkPath.map { FileManager.default.fileExists(atPath: $0) } ?? false

    /// The astronaut's head and shoulders, 624×624 (her face about 180 px wide, 0.29 of a side),
    /// with a light mask drawn from her nose to below her chin (from 210 to 230 px down, light
    /// or mid grey, the cascades lose her face and the network finds it).
    static func maskedAstronaut() throws -> KYCSamples.Canvas {
        var head = try KYCMissingFaceTests.astronaut(scaledBy: 2).cropped(x: 140, y: 0, width: 624, height: 624)
        head.fill(x: 200, y: 220, width: 220, height: 160, value: 200)
        return head
    }

    // MARK: The rule, on values

    @Test func aFaceTheNetworkFindsInsideThePictureIsObscured() {
        let face = PixelRect(x: 300, y: 200, width: 250, height: 300)
        let issue = rules.obscuredFaceIssue(networkFaces: [face], width: 1000, height: 800)
        #expect(issue?.code == .faceObscured)
        #expect(issue?.message.contains("mask") == true)
    }

    @Test(arguments: [
        PixelRect(x: 300, y: 500, width: 250, height: 290),  // its chin at the bottom edge (800 - 10)
        PixelRect(x: 300, y: 5, width: 250, height: 300),  // its forehead at the top
        PixelRect(x: 760, y: 200, width: 230, height: 300),  // at the right edge
    ])
    func aFaceTheNetworkFindsAtAnEdgeIsCutOff(face: PixelRect) {
        #expect(rules.obscuredFaceIssue(networkFaces: [face], width: 1000, height: 800)?.code == .faceCutOff)
    }

    @Test func aFaceUnderTheSelfiesSizeOrNoFaceLeavesNoFace() {
        // 160 px of a 1000 px long side is under the 0.17 a selfie's face needs.
        let small = PixelRect(x: 300, y: 200, width: 160, height: 200)
        #expect(rules.obscuredFaceIssue(networkFaces: [small], width: 1000, height: 800) == nil)
        #expect(rules.obscuredFaceIssue(networkFaces: [], width: 1000, height: 800) == nil)
    }

    // MARK: On pictures (the network's model installed)

    @Test(.enabled(if: networkInstalled)) func aMaskedFaceIsObscuredNotMissing() throws {
        let masked = KYCSamples.photo(try Self.maskedAstronaut())
        let report = try KYCValidator().examine(masked, fileExtension: "jpg", role: .selfie).0.report
        #expect(report.faces == 0, "the cascades lose the masked face")
        #expect(codes(report.errors) == ["FACE_OBSCURED"])
        // Without the network the same selfie is NO_FACE: the network is what finds the face.
        var blind = KYCRules()
        blind.faceNetworkPath = nil
        let unseen = try KYCValidator(rules: blind).examine(masked, fileExtension: "jpg", role: .selfie).0.report
        #expect(codes(unseen.errors) == ["NO_FACE"])
    }

    @Test(.enabled(if: networkInstalled)) func theNetworkFindsTheUnmaskedFaceAndNothingInACupOfCoffee() throws {
        let validator = try KYCValidator()
        let head = try #require(try KYCMissingFaceTests.astronaut(scaledBy: 2).cropped(x: 140, y: 0, width: 624, height: 624).image())
        let found = try validator.faces.networkFaces(in: head, minScore: 0.5)
        #expect(found.count == 1)
        // Her face lies around (232–412, 122–364) in this crop.
        #expect(found.first.map { $0.x > 180 && $0.maxX < 460 && $0.y > 60 && $0.maxY < 420 } == true)
        let coffee = try ImageDecoder.decode(try KYCSamples.coffee()).image
        #expect(try validator.faces.networkFaces(in: coffee, minScore: 0.5).isEmpty)
        // A coffee cup is still NO_FACE with the network on.
        let report = validator.examine(try KYCSamples.scaled(try KYCSamples.coffee(), by: 1.5), fileExtension: "jpg", role: .selfie).0.report
        #expect(codes(report.errors) == ["NO_FACE"])
    }
}
