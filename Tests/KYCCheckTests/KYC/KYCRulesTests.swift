@testable import ActivationPipeline
@testable import ActivationVision
@testable import KYCCheck
import Testing

/// The rules as pure logic: facts in, issues out, no images.
@Suite struct KYCRulesTests {
    let rules = KYCRules()

    @Test(arguments: [(1, nil), (3_999_999, nil), (4_000_000, "FILE_TOO_LARGE"), (9_000_000, "FILE_TOO_LARGE"), (0, "FILE_EMPTY")])
    func size(bytes: Int, code: String?) {
        #expect(rules.sizeIssue(byteCount: bytes)?.code.rawValue == code)
    }

    @Test func formats() {
        #expect(rules.formatIssue(.jpeg) == nil)
        #expect(rules.formatIssue(.png) == nil)
        for format in [ImageFormat.heic, .webp, .pdf, .gif, .tiff, .bmp, .unknown] {
            #expect(rules.formatIssue(format)?.code == .unsupportedFormat)
        }
    }

    @Test func extensionMismatchWarnings() {
        #expect(rules.extensionWarning("jpg", format: .png)?.code == .extensionMismatch)
        #expect(rules.extensionWarning("jpg", format: .unknown)?.code == .extensionMismatch)
        #expect(rules.extensionWarning("jpeg", format: .jpeg) == nil)
        #expect(rules.extensionWarning(nil, format: .png) == nil)
        #expect(rules.extensionWarning("txt", format: .png)?.code == .extensionMismatch)
        #expect(rules.extensionWarning("txt", format: .unknown) == nil)
    }

    @Test func dimensions() {
        // normal: 480×300 (legible real specimens of 600×416 pass, 300×190 does not).
        #expect(rules.dimensionIssue(role: .front, width: 480, height: 300) == nil)
        #expect(rules.dimensionIssue(role: .back, width: 300, height: 480) == nil)
        #expect(rules.dimensionIssue(role: .front, width: 479, height: 400)?.code == .imageTooSmall)
        #expect(rules.dimensionIssue(role: .front, width: 1400, height: 299)?.code == .imageTooSmall)
        let strict = KYCRules(strictness: .strict)
        #expect(strict.dimensionIssue(role: .front, width: 1000, height: 600) == nil)
        #expect(strict.dimensionIssue(role: .front, width: 999, height: 700)?.code == .imageTooSmall)
        #expect(strict.dimensionIssue(role: .front, width: 1400, height: 599)?.code == .imageTooSmall)
        #expect(rules.dimensionIssue(role: .selfie, width: 480, height: 640) == nil)
        #expect(rules.dimensionIssue(role: .selfie, width: 479, height: 2000)?.code == .imageTooSmall)
        #expect(rules.sideIssue(width: 8000, height: 6000) == nil)
        #expect(rules.sideIssue(width: 6000, height: 8001)?.code == .imageTooLarge)
    }

    @Test func qualityThresholds() {
        #expect(rules.qualityIssues(KYCScores(sharpness: 45, glare: 50, exposure: 50)).isEmpty)
        let bad = rules.qualityIssues(KYCScores(sharpness: 44, glare: 10, exposure: 20, underexposed: true))
        #expect(bad.map(\.code) == [.blurry, .glare, .tooDark])
        #expect(rules.qualityIssues(KYCScores(sharpness: 90, glare: 90, exposure: 20)).map(\.code) == [.tooBright])
    }

    @Test func faceCount() {
        #expect(rules.faceIssue(count: 0)?.code == .noFace)
        #expect(rules.faceIssue(count: 1) == nil)
        #expect(rules.faceIssue(count: 2)?.code == .multipleFaces)
    }

    @Test func samePicture() {
        #expect(rules.isSamePicture(0xFFFF_0000, 0xFFFF_001F))
        #expect(!rules.isSamePicture(0xFFFF_0000, 0xFFFF_003F))
    }

    @Test func documentInfo() {
        func codes(_ type: String?, _ country: String?, _ state: String?) -> [KYCCode] {
            rules.documentInfoIssues(type: type, country: country, state: state).map(\.code)
        }
        #expect(codes("DOCUMENT_TYPE_CANADIAN_PASSPORT", "CA", nil) == [])
        #expect(codes("DOCUMENT_TYPE_CANADIAN_DRIVERS_LICENSE", "CA", "QC") == [])
        #expect(codes("DOCUMENT_TYPE_CANADIAN_DRIVERS_LICENSE", "CA", nil) == [.documentStateRequired])
        #expect(codes("DOCUMENT_TYPE_CANADIAN_DRIVERS_LICENSE", "CA", "  ") == [.documentStateRequired])
        #expect(codes("DOCUMENT_TYPE_US_DRIVER_LICENCE", "US", nil) == [.documentStateRequired])
        #expect(codes("passport", "CA", nil) == [.invalidDocumentType])
        #expect(codes(nil, "CAN", nil) == [.invalidCountry])
        #expect(codes(nil, "ca", nil) == [.invalidCountry])
        #expect(codes(nil, "UK", nil) == [.invalidCountry])
        #expect(codes(nil, "GB", nil) == [])
        #expect(codes(nil, nil, nil) == [])
    }

    @Test func countryListIsTheFullOfficialOne() {
        #expect(ISOCountryCode.assigned.count == 249)
        for code in ["CA", "US", "BR", "IN", "SS", "BQ", "AX"] {
            #expect(ISOCountryCode.isAssigned(code))
        }
        #expect(!ISOCountryCode.isAssigned("XK"))
        #expect(!ISOCountryCode.isAssigned("EU"))
    }
}
