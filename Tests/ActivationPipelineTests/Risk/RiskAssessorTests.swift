@testable import ActivationPipeline
import Foundation
import Testing

@Suite struct RiskAssessorTests {
    let assessor = RiskAssessor()

    @Test func cleanActivationIsAllowed() {
        let result = assessor.assess(RiskFixtures.cleanInput())
        #expect(result.reasons == [])
        #expect(result.score == 0)
        #expect(result.decision == .allow)
    }

    @Test func declaredIMEINotOnTheScreenIsDenied() {
        var input = RiskFixtures.cleanInput()
        input.declaredIMEI = RiskFixtures.otherPhone
        input.history = RiskHistory()
        let result = assessor.assess(input)
        #expect(result.codes == [.imeiMismatch])
        #expect(result.score == 70)
        #expect(result.decision == .deny)
    }

    @Test func declaredIMEIMayBeTheSecondSlotAndWrittenWithSeparators() {
        var input = RiskFixtures.cleanInput()
        input.declaredIMEI = "35-209900-176149-9"
        #expect(assessor.assess(input).decision == .allow)
    }

    @Test func invalidDeclaredIMEIIsAMismatch() {
        var input = RiskFixtures.cleanInput()
        input.declaredIMEI = "352099001761482"
        #expect(assessor.assess(input).codes == [.imeiMismatch])
    }

    @Test func reusedIMEIAsksForReview() {
        var input = RiskFixtures.cleanInput()
        input.history.activatedIMEIs = [RiskFixtures.slot2]
        let result = assessor.assess(input)
        #expect(result.codes == [.imeiAlreadyActivated])
        #expect(result.decision == .review)
        #expect(!result.reasons[0].detail.contains(RiskFixtures.slot2))
    }

    @Test func resubmittedScreenshotAsksForReview() {
        var input = RiskFixtures.cleanInput()
        input.history.seenScreenshotHashes = ["abc123"]
        let result = assessor.assess(input)
        #expect(result.codes == [.duplicateScreenshot])
        #expect(result.decision == .review)
    }

    @Test func reuseWithAMismatchIsDenied() {
        var input = RiskFixtures.cleanInput()
        input.history.seenScreenshotHashes = ["abc123"]
        input.declaredIMEI = RiskFixtures.otherPhone
        let result = assessor.assess(input)
        #expect(result.decision == .deny)
    }

    @Test func imeisFromTwoPhonesAskForReview() {
        var input = RiskFixtures.cleanInput()
        input.screenshot = RiskFixtures.screenshot(RiskFixtures.slot1, RiskFixtures.sameReportingBody)
        let result = assessor.assess(input)
        #expect(result.codes == [.tacPairMismatch])
        #expect(result.decision == .review)
        input.screenshot = RiskFixtures.screenshot(RiskFixtures.slot1, RiskFixtures.sameTACPrefix)
        #expect(assessor.assess(input).codes == [])
    }

    @Test func wrongScreenSizeAsksForReview() {
        var input = RiskFixtures.cleanInput()
        input.image = ImageFacts(pixelWidth: 1170, pixelHeight: 2532)
        let result = assessor.assess(input)
        #expect(result.codes == [.screenSizeMismatch])
        #expect(result.decision == .review)
        input.declaredModel = "Pixel 8"
        #expect(assessor.assess(input).codes == [], "no size table for unknown models")
    }

    @Test func editedImageAsksForReview() {
        var input = RiskFixtures.cleanInput()
        input.image?.software = "Adobe Photoshop 25.0"
        let result = assessor.assess(input)
        #expect(result.codes == [.editedImage])
        #expect(result.decision == .review)
    }

    @Test func photoOfAScreenIsNotAlsoCountedAsAWrongSize() {
        var input = RiskFixtures.cleanInput()
        input.image = ImageFacts(pixelWidth: 4032, pixelHeight: 3024, make: "Apple", model: "iPhone 12", hasCameraSettings: true)
        let result = assessor.assess(input)
        #expect(result.codes == [.photoNotScreenshot])
        #expect(result.decision == .review)
    }

    @Test func unreadScreenshotAsksForReview() {
        var input = RiskFixtures.cleanInput()
        input.screenshot = .failure("shot.png", .unableToDoOCR)
        let result = assessor.assess(input)
        #expect(result.codes == [.imeiNotRead])
        #expect(result.reasons[0].detail.contains("4001"))
        #expect(result.decision == .review)
    }

    @Test func unsureReadingsAloneAreAllowed() {
        var input = RiskFixtures.cleanInput()
        input.screenshot.imeis[1] = RiskFixtures.reading(RiskFixtures.slot2, slot: 2, confidence: 0.4, corrected: true)
        let result = assessor.assess(input)
        #expect(result.codes == [.lowConfidenceReading])
        #expect(result.decision == .allow)
    }

    @Test func riskSignalsAreChecked() {
        var input = RiskFixtures.cleanInput()
        input.riskSignals = RiskSignalsPayload(data: Data(#"{"isRootedDevice": false}"#.utf8))
        let invalid = assessor.assess(input)
        #expect(invalid.codes == [.invalidRiskSignals])
        #expect(invalid.reasons[0].detail.contains("device_id MISSING"))
        #expect(invalid.decision == .review)

        input.riskSignals = RiskSignalsPayload(data: Data(#"{"device_id": "d", "isRootedDevice": true, "isEmulated": true, "isDevModeEnabled": true}"#.utf8))
        let risky = assessor.assess(input)
        #expect(risky.codes == [.emulatedDevice, .rootedDevice, .devModeEnabled])
        #expect(risky.score == 70)
        #expect(risky.decision == .deny)
    }

    @Test func scoreIsCappedAndReasonsSorted() {
        var input = RiskFixtures.cleanInput()
        input.declaredIMEI = RiskFixtures.otherPhone
        input.history = RiskHistory(activatedIMEIs: [RiskFixtures.slot1], seenScreenshotHashes: ["abc123"])
        input.image = ImageFacts(pixelWidth: 1179, pixelHeight: 2556, software: "GIMP 2.10")
        let result = assessor.assess(input)
        #expect(result.score == 100)
        #expect(Set(result.codes) == [.imeiAlreadyActivated, .duplicateScreenshot, .imeiMismatch, .editedImage])
        #expect(result.decision == .deny)
        #expect(result.reasons.map(\.points) == result.reasons.map(\.points).sorted(by: >))
        for reason in result.reasons {
            #expect(!reason.detail.contains(RiskFixtures.slot1))
            #expect(!reason.detail.contains(RiskFixtures.otherPhone))
        }
    }

    @Test func policyThresholds() {
        let policy = RiskPolicy.standard
        #expect(policy.decision(score: 24, codes: []) == .allow)
        #expect(policy.decision(score: 25, codes: []) == .review)
        #expect(policy.decision(score: 69, codes: []) == .review)
        #expect(policy.decision(score: 70, codes: []) == .deny)
        #expect(policy.denyingCodes.isEmpty, "reuse alone asks for a step-up; only evidence denies")
        var strict = policy
        strict.denyingCodes = [.duplicateScreenshot]
        #expect(strict.decision(score: 0, codes: [.duplicateScreenshot]) == .deny)
    }

    @Test func assessmentEncodesStableStrings() throws {
        var input = RiskFixtures.cleanInput()
        input.image = ImageFacts(pixelWidth: 1170, pixelHeight: 2532)
        let data = try JSONEncoder().encode(assessor.assess(input))
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"SCREEN_SIZE_MISMATCH\""))
        #expect(text.contains("\"review\""))
        #expect(try JSONDecoder().decode(RiskAssessment.self, from: data) == assessor.assess(input))
    }
}
