/// Validates an IMEISV: 16 digits (TAC, serial, 2-digit software version), with no check digit.
/// Pure logic.
///
/// Spaces and hyphens may group the digits (`35686800-004141-20`). The normalised value is the
/// 16 digits.
public struct IMEISVValidator: Validator {
    public init() {}

    public func validate(_ input: String) throws(ValidationFailure) -> String {
        let digits = SeparatorStripping.strip(input, removing: SeparatorStripping.spaces.union(SeparatorStripping.dashes))
        guard !digits.isEmpty else { throw ValidationFailure(.empty, "no IMEISV given") }
        guard SeparatorStripping.isDigits(digits) else {
            throw ValidationFailure(.invalidFormat, "an IMEISV holds only digits, spaces and hyphens")
        }
        guard digits.count == 16 else {
            throw ValidationFailure(.invalidLength, "an IMEISV has 16 digits, not \(digits.count)")
        }
        return digits
    }
}
