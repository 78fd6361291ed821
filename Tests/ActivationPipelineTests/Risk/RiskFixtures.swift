@testable import ActivationPipeline
import DeviceInfo

/// Values shared by the risk tests.
enum RiskFixtures {
    static let slot1 = "352099001761481"
    /// Same TAC as ``slot1``.
    static let slot2 = "352099001761499"
    /// Same first 6 digits as ``slot1``, another TAC.
    static let sameTACPrefix = "352099111761496"
    /// Same reporting body (35) as ``slot1`` only.
    static let sameReportingBody = "354178036859789"
    /// Nothing in common with ``slot1``.
    static let otherPhone = "490154203237518"

    static let today = CalendarDate(year: 2025, month: 6, day: 1)!

    static func reading(_ value: String, slot: Int, confidence: Double = 0.95, corrected: Bool = false) -> IMEIReading {
        IMEIReading(value: value, label: "IMEI\(slot)", slot: slot, softwareVersion: nil, confidence: confidence, box: [10, 20, 300, 40], corrected: corrected)
    }

    static func screenshot(_ values: String...) -> ScreenshotResult {
        ScreenshotResult(file: "shot.png", imeis: values.enumerated().map { reading($1, slot: $0 + 1) }, meid: nil, error: nil)
    }

    /// An iPhone 14 Pro screenshot with two IMEIs, declared right, clean history.
    static func cleanInput() -> RiskInput {
        RiskInput(
            screenshot: screenshot(slot1, slot2), declaredIMEI: slot1, declaredModel: "iPhone15,2",
            screenshotHash: "abc123", image: ImageFacts(pixelWidth: 1179, pixelHeight: 2556),
            riskSignals: nil, history: RiskHistory(activatedIMEIs: ["490154203237518"], seenScreenshotHashes: ["zzz"]),
            today: today
        )
    }
}
