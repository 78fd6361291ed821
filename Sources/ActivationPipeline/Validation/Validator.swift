/// Checks one kind of identifier and gives back its normalised form. Pure logic.
///
/// `validate` either returns the normalised value (separators removed, letters uppercased,
/// prefixes dropped) or throws a ``ValidationFailure`` whose code says why.
public protocol Validator: Sendable {
    /// The normalised value of `input`, or the reason it is not valid.
    func validate(_ input: String) throws(ValidationFailure) -> String
}

extension Validator {
    /// Whether `input` is valid.
    public func isValid(_ input: String) -> Bool {
        do {
            _ = try validate(input)
            return true
        } catch {
            return false
        }
    }
}
