/// One finding of the risk assessment: a stable code, the points it adds, and a detail.
public struct RiskReason: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A stable finding code; never changes meaning.
    public struct Code: RawRepresentable, Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
        public let rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        public init(from decoder: any Decoder) throws {
            rawValue = try decoder.singleValueContainer().decode(String.self)
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            try c.encode(rawValue)
        }

        public static func < (lhs: Code, rhs: Code) -> Bool { lhs.rawValue < rhs.rawValue }

        public var description: String { rawValue }

        /// The screenshot shows no IMEI (the reader failed or found none).
        public static let imeiNotRead = Code(rawValue: "IMEI_NOT_READ")
        /// The declared IMEI is not among those on the screenshot, or is not a valid IMEI.
        public static let imeiMismatch = Code(rawValue: "IMEI_MISMATCH")
        /// An IMEI on the screenshot, or the declared one, is already used by another activation.
        public static let imeiAlreadyActivated = Code(rawValue: "IMEI_ALREADY_ACTIVATED")
        /// The same screenshot file was submitted before.
        public static let duplicateScreenshot = Code(rawValue: "DUPLICATE_SCREENSHOT")
        /// The two IMEIs on the screenshot do not share a TAC, nor its first 6 digits.
        public static let tacPairMismatch = Code(rawValue: "TAC_PAIR_MISMATCH")
        /// The image size is not the declared iPhone model's screenshot size.
        public static let screenSizeMismatch = Code(rawValue: "SCREEN_SIZE_MISMATCH")
        /// EXIF `Software` names an image editor.
        public static let editedImage = Code(rawValue: "EDITED_IMAGE")
        /// The image looks like a camera photo of a screen, not a screenshot.
        public static let photoNotScreenshot = Code(rawValue: "PHOTO_NOT_SCREENSHOT")
        /// A digit was corrected, or the reader was unsure.
        public static let lowConfidenceReading = Code(rawValue: "LOW_CONFIDENCE_READING")
        /// The client's risk-signals payload is malformed or lacks `device_id`.
        public static let invalidRiskSignals = Code(rawValue: "INVALID_RISK_SIGNALS")
        /// The client reports a rooted or jailbroken device.
        public static let rootedDevice = Code(rawValue: "ROOTED_DEVICE")
        /// The client reports running in an emulator.
        public static let emulatedDevice = Code(rawValue: "EMULATED_DEVICE")
        /// The client reports developer mode or a debugger.
        public static let devModeEnabled = Code(rawValue: "DEV_MODE_ENABLED")
    }

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
