@testable import ActivationPipeline
@testable import ActivationVision
import Foundation
@testable import KYCCheck
import Testing

/// `DOCUMENT_COVERED`: a solid dark box pasted over part of a document, on values and on the
/// rendered card with and without one.
@Suite struct KYCCoveredDocumentTests {
    let rules = KYCRules()
    let validator: KYCValidator

    init() throws {
        validator = try KYCValidator()
    }

    func codes(_ issues: [KYCIssue]) -> [String] { issues.map(\.code.rawValue) }

    /// The report of `jpeg` checked alone as a front.
    func frontReport(_ jpeg: [UInt8]) -> KYCFileReport {
        validator.examine(jpeg, fileExtension: "jpg", role: .front).0.report
    }

    @Test func theRuleOnValues() {
        let clean = rules.coveredCheck(solidPatchShare: 0)
        #expect(clean.issue == nil)
        #expect(clean.measure == KYCMeasure("document_uncovered", score: 100, threshold: 96))
        let boxed = rules.coveredCheck(solidPatchShare: 0.031)
        #expect(boxed.issue?.code == .documentCovered)
        #expect(boxed.measure.score == 69)
        #expect(boxed.issue?.message.contains("3.1%") == true)
    }

    @Test func aBlackBoxOverTheCardIsCovered() {
        // The card with a photo-sized black box over its portrait, after the camera's grain (a
        // box pasted into the file, as a redaction is).
        var card = KYCSamples.documentFront.noisy(amplitude: 3, seed: 9)
        card.fill(x: 120, y: 300, width: 380, height: 420, value: 6)
        let report = frontReport(card.jpeg(quality: 90))
        #expect(codes(report.errors) == ["DOCUMENT_COVERED"])
        let check = report.checks.first { $0.name == "document_uncovered" }
        #expect((check?.score ?? 100) < 96)
    }

    @Test func theCleanCardAndAGreyBoxAreNotCovered() {
        #expect(frontReport(KYCSamples.frontJPEG).checks.first { $0.name == "document_uncovered" }?.score == 100)
        // A flat box of mid grey (a plain panel of the card's design) is not a dark patch.
        var card = KYCSamples.documentFront.noisy(amplitude: 3, seed: 9)
        card.fill(x: 120, y: 300, width: 380, height: 420, value: 128)
        #expect(!codes(frontReport(card.jpeg(quality: 90)).errors).contains("DOCUMENT_COVERED"))
    }
}
