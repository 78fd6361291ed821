/// Validates a Brazilian CPF: 11 digits whose last two are mod-11 check digits. Pure logic.
///
/// Dots, hyphens and spaces may appear anywhere (`390.533.447-05`), as python-stdnum's
/// `br.cpf` allows. Numbers made of one repeated digit (`111.111.111-11`) pass the arithmetic
/// but are never issued, so they are refused, as validate-docbr does. Unlike validate-docbr,
/// short numbers are not padded with leading zeros: a CPF has exactly 11 digits. The
/// normalised value is the 11 digits.
public struct CPFValidator: Validator {
    public init() {}

    public func validate(_ input: String) throws(ValidationFailure) -> String {
        let digits = SeparatorStripping.strip(input, removing: SeparatorStripping.spaces.union(SeparatorStripping.dashes).union(["."]))
        guard !digits.isEmpty else { throw ValidationFailure(.empty, "no CPF given") }
        guard SeparatorStripping.isDigits(digits) else {
            throw ValidationFailure(.invalidFormat, "a CPF holds only digits, dots, hyphens and spaces")
        }
        guard digits.count == 11 else {
            throw ValidationFailure(.invalidLength, "a CPF has 11 digits, not \(digits.count)")
        }
        let values = digits.compactMap(\.wholeNumberValue)
        guard Set(values).count > 1 else {
            throw ValidationFailure(.repeatedDigits, "a CPF of one repeated digit is never issued")
        }
        let (first, second) = Self.checkDigits(for: Array(values.prefix(9)))
        guard values[9] == first, values[10] == second else {
            throw ValidationFailure(.invalidChecksum, "the last two digits are not the CPF check digits of the first nine")
        }
        return digits
    }

    /// The two check digits of the first nine digits of a CPF.
    static func checkDigits(for body: [Int]) -> (Int, Int) {
        var sum1 = 0
        var sum2 = 0
        for (index, value) in body.prefix(9).enumerated() {
            sum1 += (10 - index) * value
            sum2 += (11 - index) * value
        }
        let first = (11 - sum1 % 11) % 11 % 10
        let second = (11 - (sum2 + 2 * first) % 11) % 11 % 10
        return (first, second)
    }
}
