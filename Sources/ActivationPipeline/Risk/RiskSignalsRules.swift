import Foundation

/// The field-by-field checks behind ``RiskSignalsPayload/check(today:)``. Pure logic.
struct RiskSignalsRules {
    let object: [String: RiskSignalsJSON]
    private(set) var problems: [RiskSignalsProblem] = []

    init(object: [String: RiskSignalsJSON]) {
        self.object = object
    }

    /// The value of `field` in `object`, nil when absent or `null`.
    static func value(_ field: String, in object: [String: RiskSignalsJSON]) -> RiskSignalsJSON? {
        guard let value = object[field], value != .null else { return nil }
        return value
    }

    mutating func problem(_ field: String, _ code: String, _ message: String) {
        problems.append(RiskSignalsProblem(field: field, code: code, message: message))
    }

    mutating func wrongType(_ field: String, _ value: RiskSignalsJSON, expected: String) {
        problem(field, "WRONG_TYPE", "\(field) is a \(value.typeName), not a \(expected)")
    }

    /// `device_id` (or `deviceId`): required, a non-empty string of at most 256 characters.
    mutating func deviceId() -> String? {
        let field = Self.value("device_id", in: object) != nil ? "device_id" : "deviceId"
        guard let value = Self.value(field, in: object) else {
            problem("device_id", "MISSING", "device_id is required")
            return nil
        }
        guard case .string(let text) = value else {
            wrongType(field, value, expected: "string")
            return nil
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.count <= 256 else {
            problem(field, "INVALID_FORMAT", "\(field) must be a non-empty string of at most 256 characters")
            return nil
        }
        return trimmed
    }

    mutating func boolean(_ field: String) -> Bool? {
        guard let value = Self.value(field, in: object) else { return nil }
        guard case .bool(let flag) = value else {
            wrongType(field, value, expected: "boolean")
            return nil
        }
        return flag
    }

    mutating func integer(_ field: String, in range: ClosedRange<Int>, path: String? = nil, from source: [String: RiskSignalsJSON]? = nil) {
        let path = path ?? field
        guard let value = Self.value(field, in: source ?? object) else { return }
        guard case .integer(let number) = value else {
            wrongType(path, value, expected: "integer")
            return
        }
        if !range.contains(number) {
            problem(path, "OUT_OF_RANGE", "\(path) is \(number), outside \(range.lowerBound)…\(range.upperBound)")
        }
    }

    mutating func string(_ field: String, maxLength: Int, format: String = "", _ isWellFormed: (String) -> Bool) {
        guard let value = Self.value(field, in: object) else { return }
        guard case .string(let text) = value else {
            wrongType(field, value, expected: "string")
            return
        }
        if text.isEmpty || text.count > maxLength || !isWellFormed(text) {
            let expectation = format.isEmpty ? "a non-empty string of at most \(maxLength) characters" : format
            problem(field, "INVALID_FORMAT", "\(field) \"\(text.prefix(40))\" is not \(expectation)")
        }
    }

    mutating func accountTenure(today: CalendarDate) {
        guard let value = Self.value("accountTenure", in: object) else { return }
        guard case .string(let text) = value else {
            wrongType("accountTenure", value, expected: "string")
            return
        }
        do {
            _ = try AccountTenure.validate(text, today: today)
        } catch {
            problem("accountTenure", error.code.rawValue, error.message)
        }
    }

    mutating func screenDimensions() {
        guard let value = Self.value("screenDimensions", in: object) else { return }
        guard case .object(let dimensions) = value else {
            wrongType("screenDimensions", value, expected: "object")
            return
        }
        for side in ["height", "width"] {
            integer(side, in: 1...20_000, path: "screenDimensions.\(side)", from: dimensions)
        }
    }

    mutating func geolocation() {
        guard let value = Self.value("geolocation", in: object) else { return }
        guard case .object(let location) = value else {
            wrongType("geolocation", value, expected: "object")
            return
        }
        coordinate("latitude", limit: 90, in: location)
        coordinate("longitude", limit: 180, in: location)
        if let type = Self.value("type", in: location) {
            if case .string(let text) = type, text == "FINE" || text == "COARSE" {
                return
            }
            problem("geolocation.type", "INVALID_FORMAT", "geolocation.type is FINE or COARSE")
        }
    }

    mutating func coordinate(_ field: String, limit: Double, in location: [String: RiskSignalsJSON]) {
        let path = "geolocation.\(field)"
        guard let value = Self.value(field, in: location) else { return }
        let number: Double
        switch value {
        case .integer(let whole): number = Double(whole)
        case .number(let fraction): number = fraction
        default:
            wrongType(path, value, expected: "number")
            return
        }
        if !(-limit...limit).contains(number) {
            problem(path, "OUT_OF_RANGE", "\(path) is \(number), outside -\(Int(limit))…\(Int(limit))")
        }
    }

    /// `±HH` or `±HH:MM` with hours 0–14, minutes 00, 15, 30 or 45, and at most -12 / +14.
    static func isTimeZoneOffset(_ text: String) -> Bool {
        let chars = Array(text)
        guard chars.count == 3 || (chars.count == 6 && chars[3] == ":"), chars[0] == "+" || chars[0] == "-" else { return false }
        let digits = chars.count == 3 ? [chars[1], chars[2]] : [chars[1], chars[2], chars[4], chars[5]]
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        let hours = Int(String(chars[1...2])) ?? 99
        let minutes = chars.count == 6 ? Int(String(chars[4...5])) ?? 99 : 0
        guard [0, 15, 30, 45].contains(minutes) else { return false }
        let total = hours * 60 + minutes
        return chars[0] == "+" ? total <= 14 * 60 : total <= 12 * 60
    }

    /// Two ASCII letters.
    static func isLanguageCode(_ text: String) -> Bool {
        text.count == 2 && text.allSatisfy { $0.isASCII && $0.isLetter }
    }
}
