public import Foundation

/// A risk-signals object a client submitted (Belvo's `risk_signals`), parsed but not trusted.
///
/// Belvo's field names are camelCase except `device_id`; the camelCase `deviceId` that
/// `activation device --json` prints is accepted in its place. Unknown fields are ignored and
/// `null` counts as absent. ``check(today:)`` validates types, ranges and formats.
public struct RiskSignalsPayload: Sendable, Hashable, Codable {
    /// The parsed JSON, nil when the bytes were not JSON.
    public var json: RiskSignalsJSON?

    public init(json: RiskSignalsJSON) {
        self.json = json
    }

    /// Parses `data`; bytes that are not JSON give a payload whose check reports `NOT_JSON`.
    public init(data: Data) {
        json = try? JSONDecoder().decode(RiskSignalsJSON.self, from: data)
    }

    /// The outcome of ``check(today:)``.
    public struct Check: Sendable, Hashable, Codable {
        /// Everything wrong; empty when the payload is valid.
        public var problems: [RiskSignalsProblem]
        /// The device ID, when present and a non-empty string.
        public var deviceId: String?
        /// `isRootedDevice`, when present and boolean.
        public var isRootedDevice: Bool?
        /// `isEmulated`, when present and boolean.
        public var isEmulated: Bool?
        /// `isDevModeEnabled`, when present and boolean.
        public var isDevModeEnabled: Bool?

        /// Whether nothing is wrong.
        public var isValid: Bool { problems.isEmpty }
    }

    /// Boolean fields of Belvo's risk signals (and `isContainer`, which `activation device` adds).
    static let booleanFields = [
        "isRootedDevice", "isCallInProgress", "isDevModeEnabled", "isMockGPS", "isEmulated",
        "isMonkeyRunner", "isCharging", "isUsbConnected", "isContainer",
    ]

    /// Checks every known field; `today` bounds `accountTenure`.
    public func check(today: CalendarDate) -> Check {
        var check = Check(problems: [])
        guard let json else {
            check.problems.append(RiskSignalsProblem(field: "$", code: "NOT_JSON", message: "the risk signals are not JSON"))
            return check
        }
        guard case .object(let object) = json else {
            check.problems.append(RiskSignalsProblem(field: "$", code: "WRONG_TYPE", message: "the risk signals are a JSON \(json.typeName), not an object"))
            return check
        }
        var rules = RiskSignalsRules(object: object)
        check.deviceId = rules.deviceId()
        for field in Self.booleanFields {
            let value = rules.boolean(field)
            switch field {
            case "isRootedDevice": check.isRootedDevice = value
            case "isEmulated": check.isEmulated = value
            case "isDevModeEnabled": check.isDevModeEnabled = value
            default: break
            }
        }
        rules.integer("elapsedTimeSinceBoot", in: 0...(100 * 365 * 24 * 3_600_000))
        rules.integer("screenBrightness", in: 0...255)
        rules.string("osVersion", maxLength: 64) { _ in true }
        rules.string("antennaInformation", maxLength: 64) { _ in true }
        rules.string("userTimeZoneOffset", maxLength: 6, format: "±HH or ±HH:MM, between -12 and +14", RiskSignalsRules.isTimeZoneOffset)
        rules.string("language", maxLength: 2, format: "a two-letter ISO 639-1 code", RiskSignalsRules.isLanguageCode)
        rules.accountTenure(today: today)
        rules.screenDimensions()
        rules.geolocation()
        check.problems = rules.problems
        return check
    }
}
