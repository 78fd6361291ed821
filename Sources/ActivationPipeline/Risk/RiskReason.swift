/// One finding of the risk assessment: a stable code, the points it adds, and a detail.
public struct RiskReason: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A stable finding code; never changes meaning.
    public typealias Code = StableCode<RiskReason>

    /// The finding.
    public var code: Code
    /// The points it adds to the score (before the cap at 100).
    public var points: Int
    /// What was found, for people; never holds a full IMEI.
    public var detail: String

    public init(code: Code, points: Int, detail: String) {
        self.code = code
        self.points = points
        self.detail = detail
    }

    public var description: String { "\(code.rawValue) (+\(points)): \(detail)" }
}

extension StableCode<RiskReason> {
    /// The screenshot shows no IMEI (the reader failed or found none).
    public static var imeiNotRead: Self { "IMEI_NOT_READ" }
    /// The declared IMEI is not among those on the screenshot, or is not a valid IMEI.
    public static var imeiMismatch: Self { "IMEI_MISMATCH" }
    /// An IMEI on the screenshot, or the declared one, is already used by another activation.
    public static var imeiAlreadyActivated: Self { "IMEI_ALREADY_ACTIVATED" }
    /// The same screenshot file was submitted before.
    public static var duplicateScreenshot: Self { "DUPLICATE_SCREENSHOT" }
    /// The two IMEIs on the screenshot do not share a TAC, nor its first 6 digits.
    public static var tacPairMismatch: Self { "TAC_PAIR_MISMATCH" }
    /// The image size is not the declared iPhone model's screenshot size.
    public static var screenSizeMismatch: Self { "SCREEN_SIZE_MISMATCH" }
    /// EXIF `Software` names an image editor.
    public static var editedImage: Self { "EDITED_IMAGE" }
    /// The image looks like a camera photo of a screen, not a screenshot.
    public static var photoNotScreenshot: Self { "PHOTO_NOT_SCREENSHOT" }
    /// A digit was corrected, or the reader was unsure.
    public static var lowConfidenceReading: Self { "LOW_CONFIDENCE_READING" }
    /// The client's risk-signals payload is malformed or lacks `device_id`.
    public static var invalidRiskSignals: Self { "INVALID_RISK_SIGNALS" }
    /// The client reports a rooted or jailbroken device.
    public static var rootedDevice: Self { "ROOTED_DEVICE" }
    /// The client reports running in an emulator.
    public static var emulatedDevice: Self { "EMULATED_DEVICE" }
    /// The client reports developer mode or a debugger.
    public static var devModeEnabled: Self { "DEV_MODE_ENABLED" }
}
