/// Why an input failed a validator: a stable code and a sentence for people.
///
/// `code` never changes meaning; `message` is free text and may change.
public typealias ValidationFailure = CodedFailure<ValidatorKind>

extension StableCode<ValidatorKind> {
    /// Nothing was given, or only separators and spaces.
    public static var empty: Self { "EMPTY" }
    /// A character that the kind does not allow, or separators in the wrong place.
    public static var invalidFormat: Self { "INVALID_FORMAT" }
    /// The wrong number of digits.
    public static var invalidLength: Self { "INVALID_LENGTH" }
    /// The check digit(s) do not match the body.
    public static var invalidChecksum: Self { "INVALID_CHECKSUM" }
    /// A part of the number is out of its range (a decimal MEID's manufacturer code or serial).
    public static var invalidComponent: Self { "INVALID_COMPONENT" }
    /// Every digit is the same (`111.111.111-11`), which passes the CPF check but is never issued.
    public static var repeatedDigits: Self { "REPEATED_DIGITS" }
    /// The number starts with digits the kind never starts with (a mobile number starting 0–5,
    /// a PIN code starting 0, a country code other than India's).
    public static var invalidPrefix: Self { "INVALID_PREFIX" }
    /// A PIN code whose first two digits belong to no postal region.
    public static var unallocatedPrefix: Self { "UNALLOCATED_PREFIX" }
}
