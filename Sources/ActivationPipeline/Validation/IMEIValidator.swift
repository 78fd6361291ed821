/// Validates an IMEI: 15 digits whose last is the Luhn check digit (``IMEI``). Pure logic.
///
/// Spaces and hyphens may group the digits (`35-209900-176148-1`, `35 209900 176148 1`).
/// The normalised value is the 15 digits.
public struct IMEIValidator: Validator {
    public init() {}

    public func validate(_ input: String) throws(ValidationFailure) -> String {
        let digits = SeparatorStripping.strip(input, removing: SeparatorStripping.spaces.union(SeparatorStripping.dashes))
        guard !digits.isEmpty else { throw ValidationFailure(.empty, "no IMEI given") }
        guard SeparatorStripping.isDigits(digits) else {
            throw ValidationFailure(.invalidFormat, "an IMEI holds only digits, spaces and hyphens")
        }
        guard digits.count == 15 else {
            throw ValidationFailure(.invalidLength, "an IMEI has 15 digits, not \(digits.count)")
        }
        guard IMEI.isValid(digits) else {
            throw ValidationFailure(.invalidChecksum, "the 15th digit is not the Luhn check digit of the first 14")
        }
        return digits
    }
}
