import ActivationPipeline
import Foundation

extension ActivationFlows {
    /// The risk of the screenshot behind `fetchDeviceId`, with the history of every *other*
    /// activation in the store: IMEIs they recorded (the screenshot's and the declared one)
    /// and screenshots they were read from.
    ///
    /// Two activations reading the same IMEI at the same instant may both find the other not
    /// yet stored; the store keeps no uniqueness on IMEIs, since a device may be activated again.
    func assess(_ input: ActivationStep.DeviceIdInput, for id: UUID) async throws -> RiskAssessment {
        var candidates = RiskAssessor.readIMEIs(input.screenshot)
        let probe = RiskInput(screenshot: input.screenshot, declaredIMEI: input.declaredIMEI, today: today())
        if let declared = RiskAssessor.declaredIMEI(probe), !candidates.contains(declared) {
            candidates.append(declared)
        }
        var history = RiskHistory()
        for imei in candidates {
            let users = try await store.activations(usingIMEI: imei)
            if users.contains(where: { $0 != id }) { history.activatedIMEIs.insert(imei) }
        }
        let uploads = try await store.activations(withScreenshot: input.screenshotSHA256)
        if uploads.contains(where: { $0 != id }) { history.seenScreenshotHashes.insert(input.screenshotSHA256) }
        let risk = RiskInput(
            screenshot: input.screenshot, declaredIMEI: input.declaredIMEI, declaredModel: input.declaredModel,
            screenshotHash: input.screenshotSHA256, image: input.imageFacts, riskSignals: input.riskSignals,
            history: history, today: today())
        return RiskAssessor(policy: configuration.riskPolicy).assess(risk)
    }

    /// Today in the configured time zone.
    func today() -> CalendarDate {
        CalendarDate.day(of: configuration.now(), in: configuration.timeZone)
    }
}
