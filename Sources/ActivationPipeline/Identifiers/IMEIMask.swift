/// How IMEIs appear wherever people read them (service logs, batch summaries): the first 8
/// digits (the TAC, which names the model, not the device) and `*******`. Pure.
public enum IMEIMask {
    /// `35209900*******` for `352099001761481`; values shorter than 8 are fully masked.
    public static func mask(_ value: String) -> String {
        guard value.count >= 8 else { return String(repeating: "*", count: max(value.count, 1)) }
        return String(value.prefix(8)) + "*******"
    }

    /// `35209900*****81` for `352099001761481`: the TAC, five stars and the last two digits, so
    /// that two IMEIs of one model can be told apart in a list (batch summaries, reports) while
    /// the serial stays hidden. The last digit is the Luhn check digit, so this shows one digit
    /// of the serial. Values shorter than 10 are masked as ``mask(_:)`` does.
    public static func distinguishable(_ value: String) -> String {
        guard value.count >= 10 else { return mask(value) }
        return String(value.prefix(8)) + String(repeating: "*", count: value.count - 10) + String(value.suffix(2))
    }

    /// Free text (a file name, a detail) with every run of 9 or more ASCII digits masked as an
    /// IMEI (``mask(_:)``): what every log shows of text that may hold an identifier.
    public static func maskingDigitRuns(_ value: String) -> String {
        var out = "", digits = ""
        func flush() {
            out += digits.count >= 9 ? mask(digits) : digits
            digits = ""
        }
        for character in value {
            if character.isASCII, character.isNumber {
                digits.append(character)
            } else {
                flush()
                out.append(character)
            }
        }
        flush()
        return out
    }

    /// `TAC 35209900` for `352099001761481`: the model an IMEI names, for a sentence that
    /// compares IMEIs (risk findings) without writing one out.
    public static func tac(_ value: String) -> String {
        "TAC \(value.prefix(8))"
    }
}
