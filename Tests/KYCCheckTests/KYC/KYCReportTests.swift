@testable import ActivationPipeline
@testable import ActivationVision
import Foundation
@testable import KYCCheck
import Testing

/// The report's JSON shape (shared by the CLI and the service) and its pre-validation verdicts.
@Suite struct KYCReportTests {
    static let fileKeys: Set<String> = [
        "ok", "bytes", "format", "width", "height", "scores", "faces", "checks", "errors", "warnings", "actions",
        "original", "fixed", "fixedContent",
    ]

    func sample() -> KYCReport {
        var front = KYCFileReport()
        front.bytes = 123
        front.format = "jpeg"
        front.width = 1600
        front.height = 1000
        front.scores = KYCScores(sharpness: 90, glare: 100, exposure: 95)
        var back = KYCFileReport()
        back.bytes = 5_000_000
        back.errors = [KYCIssue(.fileTooLarge, "too big"), KYCIssue(.blurry, "blurry")]
        var selfie = KYCFileReport()
        selfie.errors = [KYCIssue(.noFace, "none")]
        return KYCReport(front: front, back: back, selfie: selfie, errors: [KYCIssue(.invalidCountry, "CAN")])
    }

    @Test func everyKeyIsPresentWithNulls() throws {
        let data = try JSONEncoder().encode(sample())
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["verdict", "files", "errors"])
        #expect(object["verdict"] as? String == "fail")
        let files = try #require(object["files"] as? [String: Any])
        #expect(Set(files.keys) == ["front", "back", "selfie"])
        let front = try #require(files["front"] as? [String: Any])
        #expect(Set(front.keys) == Self.fileKeys)
        #expect(front["ok"] as? Bool == true)
        #expect(front["fixed"] is NSNull)
        #expect(front["fixedContent"] is NSNull)
        #expect(front["original"] is NSNull)
        let scores = try #require(front["scores"] as? [String: Any])
        #expect(Set(scores.keys) == ["sharpness", "glare", "exposure"])
        let selfie = try #require(files["selfie"] as? [String: Any])
        #expect(Set(selfie.keys) == Self.fileKeys)
        #expect(selfie["bytes"] is NSNull && selfie["scores"] is NSNull && selfie["width"] is NSNull)
        let error = try #require((selfie["errors"] as? [[String: Any]])?.first)
        #expect(error["code"] as? String == "NO_FACE" && error["message"] as? String == "none")
    }

    @Test func roundTrips() throws {
        var report = sample()
        report.front.fixed = "front.jpg"
        report.front.fixedContent = "AAEC"
        report.front.actions = ["stripped_metadata", "jpeg q=90"]
        report.front.original = KYCFileReport.Original(bytes: 9, format: "heic", width: 1, height: 2, errors: [], warnings: [])
        let decoded = try JSONDecoder().decode(KYCReport.self, from: try JSONEncoder().encode(report))
        #expect(decoded == report)
    }

    @Test func preValidationVerdicts() {
        let report = sample()
        #expect(report.preValidation == .fail(reasons: ["FILE_TOO_LARGE", "BLURRY", "NO_FACE", "INVALID_COUNTRY"]))
        #expect(report.documentsPreValidation == .fail(reasons: ["FILE_TOO_LARGE", "BLURRY", "INVALID_COUNTRY"]))
        #expect(report.selfiePreValidation == .fail(reasons: ["NO_FACE"]))
        let clean = KYCReport(front: KYCFileReport(), back: KYCFileReport(), selfie: KYCFileReport(), errors: [])
        #expect(clean.verdict == .pass && clean.preValidation == .pass)
    }
}
