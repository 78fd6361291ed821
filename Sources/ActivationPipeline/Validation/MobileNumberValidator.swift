/// Validates an Indian mobile number: 10 digits, the first 6–9. Pure logic.
///
/// The number may carry the country code as `+91` or `91`, or the trunk prefix `0`, and spaces
/// or hyphens may group the digits (`+91 98765 43210`, `098765-43210`). This is the rule of
/// validator.js's `isMobilePhone(_, 'en-IN')`, `^(\+?91|0)?[6789]\d{9}$`, with separators
/// allowed. The normalised value is the 10 national digits, without any prefix.
public struct MobileNumberValidator: Validator {
    public init() {}

    public func validate(_ input: String) throws(ValidationFailure) -> String {
        var number = SeparatorStripping.strip(input, removing: SeparatorStripping.spaces.union(SeparatorStripping.dashes))
        guard !number.isEmpty else { throw ValidationFailure(.empty, "no mobile number given") }
        var hadPlus = false
        if number.first == "+" {
            hadPlus = true
            number.removeFirst()
        }
        guard SeparatorStripping.isDigits(number), !number.isEmpty else {
            throw ValidationFailure(.invalidFormat, "a mobile number holds only digits, spaces, hyphens and a leading +")
        }
        if hadPlus {
            guard number.hasPrefix("91") else {
                throw ValidationFailure(.invalidPrefix, "only Indian numbers (+91) are accepted")
            }
            number.removeFirst(2)
        } else if number.count == 12, number.hasPrefix("91") {
            number.removeFirst(2)
        } else if number.count == 11, number.hasPrefix("0") {
            number.removeFirst()
        }
        guard number.count == 10 else {
            throw ValidationFailure(.invalidLength, "a mobile number has 10 digits after any +91, 91 or 0 prefix, not \(number.count)")
        }
        guard let first = number.first, ("6"..."9").contains(first) else {
            throw ValidationFailure(.invalidPrefix, "an Indian mobile number starts with 6, 7, 8 or 9")
        }
        return number
    }
}
