@testable import ActivationVision
@testable import KYCCheck
import Testing

/// The selfie's face rules, the document's framing rules and the strictness levels, on values
/// (no images): which measurement fails which code, at which threshold.
@Suite struct KYCFaceAndFramingRulesTests {
    let rules = KYCRules()

    @Test func aFaceMuchSmallerThanTheLargestIsNotCounted() {
        let big = PixelRect(x: 100, y: 100, width: 200, height: 200)
        let far = PixelRect(x: 400, y: 50, width: 90, height: 90)
        let second = PixelRect(x: 400, y: 50, width: 150, height: 150)
        #expect(rules.countedFaces([big, far]) == [big])
        #expect(rules.countedFaces([big, second]) == [big, second])
        #expect(rules.countedFaces([]).isEmpty)
    }

    @Test func aSharpLitNearFacePasses() {
        let face = FaceQuality(focus: 400, brightness: 150, share: 0.3)
        let judged = rules.faceChecks(face)
        #expect(judged.issues.isEmpty)
        #expect(judged.measures.map(\.name) == ["face_sharpness", "face_exposure", "face_size"])
        #expect(judged.measures.map(\.threshold) == [50, 50, 17])
    }

    @Test(arguments: [
        (FaceQuality(focus: 6, brightness: 150, share: 0.3), "BLURRY"),
        (FaceQuality(focus: 400, brightness: 35, share: 0.3), "TOO_DARK"),
        (FaceQuality(focus: 400, brightness: 245, share: 0.3), "TOO_BRIGHT"),
        (FaceQuality(focus: 400, brightness: 150, share: 0.15), "FACE_TOO_SMALL"),
    ])
    func aPoorFaceFails(face: FaceQuality, code: String) {
        #expect(codes(rules.faceChecks(face).issues) == [code])
    }

    @Test func aSelfieSoftThroughoutIsBlurryEvenWhenItsFaceLooksSharp() throws {
        let face = FaceQuality(focus: 400, brightness: 150, share: 0.3)
        let soft = rules.faceChecks(face, frameEdges: 4)
        #expect(codes(soft.issues) == ["BLURRY"])
        let edges = try #require(soft.measures.last)
        #expect(edges.name == "frame_edge_sharpness" && edges.score == 4 && edges.threshold == 10)
        #expect(rules.faceChecks(face, frameEdges: 40).issues.isEmpty)
        // A blurred face is one BLURRY, not two.
        let blurred = FaceQuality(focus: 6, brightness: 150, share: 0.3)
        #expect(codes(rules.faceChecks(blurred, frameEdges: 0).issues) == ["BLURRY"])
        // Relaxed and strict hold the edges against 5 and 12.
        #expect(KYCRules(strictness: .relaxed).faceChecks(face, frameEdges: 6).issues.isEmpty)
        #expect(codes(KYCRules(strictness: .strict).faceChecks(face, frameEdges: 11).issues) == ["BLURRY"])
    }

    @Test func aFacelessSelfieSaysWhenItIsTooDarkOrWashedOut() {
        #expect(rules.frameExposureCheck(low: 9, high: 178).issue == nil)
        #expect(rules.frameExposureCheck(low: 3, high: 46).issue?.code == .tooDark)
        #expect(rules.frameExposureCheck(low: 121, high: 255).issue?.code == .tooBright)
    }

    @Test func framing() {
        #expect(rules.framingChecks(DocumentOutline(share: 0.6, cornerDeviation: 3, margin: 0.05)).issues.isEmpty)
        #expect(rules.framingChecks(DocumentOutline(share: 0.2, cornerDeviation: 1, margin: 0.2)).issues.isEmpty)
        #expect(codes(rules.framingChecks(DocumentOutline(share: 0.16, cornerDeviation: 1, margin: 0.2)).issues) == ["DOCUMENT_TOO_FAR"])
        #expect(codes(rules.framingChecks(DocumentOutline(share: 0.3, cornerDeviation: 5, margin: 0)).issues) == ["DOCUMENT_CUT_OFF"])
        #expect(codes(rules.framingChecks(DocumentOutline(share: 0.35, cornerDeviation: 31, margin: 0.06)).issues) == ["DOCUMENT_TILTED"])
    }

    @Test func printAcrossAnEdgeIsCutOffAndNamesTheEdge() {
        let whole = BorderCrossings(shares: [.left: 0.02, .right: 0.05, .top: 0, .bottom: 0.01])
        let judged = rules.edgeCrossingCheck(whole)
        #expect(judged.issue == nil)
        #expect(judged.measure.name == "document_edge_clear")
        #expect((judged.measure.score, judged.measure.threshold) == (95, 90))
        let cut = rules.edgeCrossingCheck(BorderCrossings(shares: [.left: 0.03, .right: 0.02, .top: 0.19, .bottom: 0.04]))
        #expect(cut.issue?.code == .documentCutOff)
        #expect(cut.issue?.message.contains("top edge (19%") == true)
        #expect(cut.measure.score == 81)
        #expect(rules.edgeCrossingCheck(BorderCrossings(shares: [:])).issue == nil, "nothing measured passes")
    }

    @Test func aFaceInsideAFrameIsAScreenRecapture() {
        #expect(rules.recaptureIssue(enclosingShare: 0.6)?.code == .screenRecapture)
        #expect(rules.recaptureIssue(enclosingShare: 0) == nil, "no frame around the face")
        #expect(rules.recaptureIssue(enclosingShare: nil) == nil, "not measured")
        #expect(KYCRules().checksScreenRecapture && KYCRules(strictness: .strict).checksScreenRecapture)
        #expect(!KYCRules(strictness: .relaxed).checksScreenRecapture)
    }

    @Test func strictnessLevelsOrderTheirThresholds() {
        let relaxed = KYCRules(strictness: .relaxed), normal = KYCRules(strictness: .normal), strict = KYCRules(strictness: .strict)
        #expect(normal == KYCRules())
        #expect(relaxed.sharpnessThreshold < normal.sharpnessThreshold && normal.sharpnessThreshold < strict.sharpnessThreshold)
        #expect(relaxed.faceMinShareOfLongSide < normal.faceMinShareOfLongSide && normal.faceMinShareOfLongSide < strict.faceMinShareOfLongSide)
        #expect(relaxed.documentMinLongSide < normal.documentMinLongSide && normal.documentMinLongSide < strict.documentMinLongSide)
        #expect(relaxed.documentMaxEdgeCrossing > normal.documentMaxEdgeCrossing && normal.documentMaxEdgeCrossing > strict.documentMaxEdgeCrossing)
        var back = strict
        back.apply(.normal)
        #expect(back == normal)
        let face = FaceQuality(focus: 400, brightness: 150, share: 0.18)
        #expect(normal.faceChecks(face).issues.isEmpty)
        #expect(codes(strict.faceChecks(face).issues) == ["FACE_TOO_SMALL"])
    }
}
