/// The kinds of identifier that `activation validate KIND VALUE` knows, by their command-line name.
public enum ValidatorKind: String, Sendable, Hashable, Codable, CaseIterable {
    case imei
    case imeisv
    case meid
    case cpf
    case pincode
    case mobile

    /// The validator for this kind.
    public var validator: any Validator {
        switch self {
        case .imei: IMEIValidator()
        case .imeisv: IMEISVValidator()
        case .meid: MEIDValidator()
        case .cpf: CPFValidator()
        case .pincode: PincodeValidator()
        case .mobile: MobileNumberValidator()
        }
    }

    /// What the kind is, in a few words, for help text.
    public var summary: String {
        switch self {
        case .imei: "15 digits with a Luhn check digit"
        case .imeisv: "16 digits, no check digit"
        case .meid: "14 hex digits with an optional check digit, or 18 decimal digits"
        case .cpf: "Brazilian CPF, 11 digits with two mod-11 check digits"
        case .pincode: "Indian PIN code, 6 digits, the first 1-9"
        case .mobile: "Indian mobile number, 10 digits starting 6-9, optional +91, 91 or 0"
        }
    }
}
