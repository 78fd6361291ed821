@testable import ActivationPipeline
@testable import ActivationVision
import Foundation
@testable import KYCCheck
import Testing

/// `DOCUMENT_COVERED`: a solid black or white box pasted over part of a document, or a mosaic,
/// on values and on the rendered card with and without one.
@Suite struct KYCCoveredDocumentTests {
    let rules = KYCRules()
    let validator: KYCValidator

    init() throws {
        validator = try KYCValidator()
    }

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

    @Test func thePixelationRuleOnValues() {
        let clean = rules.pixelatedCheck(mosaicCells: 0)
        #expect(clean.issue == nil)
        #expect(clean.measure == KYCMeasure("document_unpixelated", score: 100, threshold: 97))
        #expect(rules.pixelatedCheck(mosaicCells: 3).issue == nil)
        let mosaic = rules.pixelatedCheck(mosaicCells: 9)
        #expect(mosaic.issue?.code == .documentCovered)
        #expect(mosaic.measure.score == 91)
        #expect(mosaic.issue?.message.contains("9 blocks") == true)
    }

    @Test(arguments: [10, 16, 24])
    func aMosaicOverTheTextIsCovered(block: Int) {
        // The card's first three lines of text pixelated in blocks of `block` px (6–15 px on the
        // 1000 px copy the measure reads), then the camera's grain: a redaction as uploaders
        // make them. (A mosaic over a smooth gradient merges into strips and hides nothing.)
        var card = KYCSamples.documentFront
        card.pixelate(x: 510, y: 220, width: 420, height: 180, block: block)
        let report = frontReport(card.noisy(amplitude: 2, seed: 9).jpeg(quality: 90))
        #expect(codes(report.errors) == ["DOCUMENT_COVERED"])
        #expect((report.checks.first { $0.name == "document_unpixelated" }?.score ?? 100) < 97)
    }

    @Test func aQRCodesSquaresAreNotAMosaic() {
        // A QR-like code of 29×29 modules of 22 px (about 14 on the measured copy) printed on
        // the card, under light that brightens it by 45 levels from left to right: flat squares
        // side by side, but each black beside white (steps of 190 levels), where a mosaic's
        // blocks average what they hide into moderate steps.
        var card = KYCSamples.documentFront
        var rng = KYCSamples.SplitMix(7)
        for row in 0..<29 {
            for col in 0..<29 {
                let light = UInt8(col * 45 / 28)
                card.fill(x: 940 + col * 22, y: 300 + row * 22, width: 22, height: 22, value: (rng.next() % 2 == 0 ? 10 : 205) + light)
            }
        }
        let report = frontReport(card.noisy(amplitude: 2, seed: 9).jpeg(quality: 90))
        #expect(report.checks.first { $0.name == "document_unpixelated" }?.score == 100)
        #expect(!codes(report.errors).contains("DOCUMENT_COVERED"))
    }

    @Test func aWhiteBoxOverTheCardIsCovered() {
        // A white box pasted over the portrait (7 % of the picture), after the camera's grain.
        var card = KYCSamples.documentFront.noisy(amplitude: 3, seed: 9)
        card.fill(x: 150, y: 300, width: 300, height: 380, value: 255)
        let report = frontReport(card.jpeg(quality: 90))
        #expect(codes(report.errors) == ["DOCUMENT_COVERED"])
        #expect(report.errors.first?.message.contains("black or white") == true)
    }

    @Test(arguments: [(x: 100, y: 780, width: 1400, height: 150), (x: 300, y: 200, width: 1000, height: 600)])
    func aWhitePanelOrAnEmptyGroundIsNotABox(x: Int, y: Int, width: Int, height: Int) {
        // A white strip printed across the card (over three times as long as high) and a white
        // empty ground over a tenth of the picture (a blank card's): print, not a box.
        var card = KYCSamples.documentFront.noisy(amplitude: 3, seed: 9)
        card.fill(x: x, y: y, width: width, height: height, value: 255)
        let report = frontReport(card.jpeg(quality: 90))
        #expect(report.checks.first { $0.name == "document_uncovered" }?.score == 100)
        #expect(!codes(report.errors).contains("DOCUMENT_COVERED"))
    }

    @Test func theCleanCardAndAGreyBoxAreNotCovered() {
        #expect(frontReport(KYCSamples.frontJPEG).checks.first { $0.name == "document_unpixelated" }?.score == 100)
        #expect(frontReport(KYCSamples.frontJPEG).checks.first { $0.name == "document_uncovered" }?.score == 100)
        // A flat box of mid grey (a plain panel of the card's design) is not a dark patch.
        var card = KYCSamples.documentFront.noisy(amplitude: 3, seed: 9)
        card.fill(x: 120, y: 300, width: 380, height: 420, value: 128)
        #expect(!codes(frontReport(card.jpeg(quality: 90)).errors).contains("DOCUMENT_COVERED"))
    }
}
