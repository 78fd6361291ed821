/// Validates an Indian PIN code: 6 digits, the first 1–9. Pure logic.
///
/// One space after the third digit is allowed (`110 001`), as India Post writes it; no other
/// separator is. PIN codes whose first two digits name no postal region (10, 29, 35, 54, 55,
/// 65, 66, 86–89) are refused with `UNALLOCATED_PREFIX`, as validator.js's
/// `isPostalCode(_, 'IN')` does. The normalised value is the 6 digits.
public struct PincodeValidator: Validator {
    /// First two digits that belong to no postal region.
    static let unallocatedPrefixes: Set<String> = ["10", "29", "35", "54", "55", "65", "66", "86", "87", "88", "89"]

    public init() {}

    public func validate(_ input: String) throws(ValidationFailure) -> String {
        let trimmed = SeparatorStripping.strip(input, removing: [])
        guard !trimmed.isEmpty else { throw ValidationFailure(.empty, "no PIN code given") }
        var characters = Array(trimmed)
        if characters.count == 7, characters[3] == " " {
            characters.remove(at: 3)
        }
        let digits = String(characters)
        guard SeparatorStripping.isDigits(digits) else {
            throw ValidationFailure(.invalidFormat, "a PIN code holds only digits, with at most one space after the third")
        }
        guard digits.count == 6 else {
            throw ValidationFailure(.invalidLength, "a PIN code has 6 digits, not \(digits.count)")
        }
        guard digits.first != "0" else {
            throw ValidationFailure(.invalidPrefix, "a PIN code never starts with 0")
        }
        guard !Self.unallocatedPrefixes.contains(String(digits.prefix(2))) else {
            throw ValidationFailure(.unallocatedPrefix, "no postal region has PIN codes starting \(digits.prefix(2))")
        }
        return digits
    }
}
