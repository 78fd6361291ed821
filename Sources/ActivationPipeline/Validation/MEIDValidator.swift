/// Validates an MEID the way python-stdnum's `meid.validate()` does. Pure logic.
///
/// Accepted forms, with spaces and hyphens anywhere:
/// - 14 hex digits, optionally followed by a 15th check digit computed by Luhn over the hex
///   digits (`AF 01 23 45 0A BC DE C`);
/// - 14 decimal digits, which are also hex, checked as an IMEI: the optional 15th digit is the
///   decimal Luhn check digit (`35-209900-176148-1`);
/// - 18 decimal digits (10-digit manufacturer code, 8-digit serial), optionally followed by a
///   decimal Luhn check digit (`29360 87365 0070 3710 0`); the manufacturer code must fit in
///   32 bits and the serial in 24 bits.
///
/// The normalised value is the 14 uppercase hex digits without the check digit, as stdnum's
/// `validate()` returns it by default: the decimal form is converted to hex.
public struct MEIDValidator: Validator {
    public init() {}

    public func validate(_ input: String) throws(ValidationFailure) -> String {
        let cleaned = SeparatorStripping.strip(input, removing: SeparatorStripping.spaces.union(SeparatorStripping.dashes)).uppercased()
        guard !cleaned.isEmpty else { throw ValidationFailure(.empty, "no MEID given") }
        let number: Substring
        let check: Substring
        switch cleaned.count {
        case 14, 15:
            guard SeparatorStripping.isUppercaseHex(cleaned) else {
                throw ValidationFailure(.invalidFormat, "a 14- or 15-character MEID holds only hex digits 0-9 and A-F")
            }
            number = cleaned.prefix(14)
            check = cleaned.dropFirst(14)
        case 18, 19:
            guard SeparatorStripping.isDigits(cleaned) else {
                throw ValidationFailure(.invalidFormat, "an 18- or 19-digit MEID holds only decimal digits")
            }
            number = cleaned.prefix(18)
            check = cleaned.dropFirst(18)
        default:
            throw ValidationFailure(.invalidLength, "an MEID has 14 hex digits (15 with the check digit) or 18 decimal digits (19), not \(cleaned.count)")
        }

        if number.count == 18 {
            return try Self.hexFromDecimal(number, check: check)
        }
        if SeparatorStripping.isDigits(number) {
            // All-decimal 14 digits: stdnum checks it as an IMEI, with the decimal Luhn.
            if !check.isEmpty {
                guard SeparatorStripping.isDigits(check) else {
                    throw ValidationFailure(.invalidFormat, "the check digit of an all-decimal MEID is a decimal digit")
                }
                guard Luhn.isValid(number + check) else {
                    throw ValidationFailure(.invalidChecksum, "the 15th digit is not the Luhn check digit of the first 14")
                }
            }
            return String(number)
        }
        if !check.isEmpty {
            guard let values = Luhn.hexValues(number + check), Luhn.checksum(values, radix: 16) == 0 else {
                throw ValidationFailure(.invalidChecksum, "the 15th digit is not the hex Luhn check digit of the first 14")
            }
        }
        return String(number)
    }

    /// The 14 hex digits of an 18-digit decimal MEID, after checking its optional check digit.
    private static func hexFromDecimal(_ number: Substring, check: Substring) throws(ValidationFailure) -> String {
        if !check.isEmpty, !Luhn.isValid(number + check) {
            throw ValidationFailure(.invalidChecksum, "the 19th digit is not the Luhn check digit of the first 18")
        }
        guard let manufacturer = UInt64(number.prefix(10)), let serial = UInt64(number.suffix(8)) else {
            throw ValidationFailure(.invalidFormat, "an 18-digit MEID holds only decimal digits")
        }
        guard manufacturer < 1 << 32 else {
            throw ValidationFailure(.invalidComponent, "the manufacturer code (first 10 digits) does not fit in 32 bits")
        }
        guard serial < 1 << 24 else {
            throw ValidationFailure(.invalidComponent, "the serial number (last 8 digits) does not fit in 24 bits")
        }
        return padded(String(manufacturer, radix: 16, uppercase: true), to: 8)
            + padded(String(serial, radix: 16, uppercase: true), to: 6)
    }

    private static func padded(_ text: String, to width: Int) -> String {
        String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
