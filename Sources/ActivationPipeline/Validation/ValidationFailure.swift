/// Why an input failed a validator: a stable code and a sentence for people.
///
/// `code` never changes meaning; `message` is free text and may change.
public struct ValidationFailure: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// A stable reason code, such as `INVALID_CHECKSUM`.
    public struct Code: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
        public let rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        public var description: String { rawValue }

        /// Nothing was given, or only separators and spaces.
        public static let empty = Code(rawValue: "EMPTY")
        /// A character that the kind does not allow, or separators in the wrong place.
        public static let invalidFormat = Code(rawValue: "INVALID_FORMAT")
        /// The wrong number of digits.
        public static let invalidLength = Code(rawValue: "INVALID_LENGTH")
        /// The check digit(s) do not match the body.
        public static let invalidChecksum = Code(rawValue: "INVALID_CHECKSUM")
        /// A part of the number is out of its range (a decimal MEID's manufacturer code or serial).
        public static let invalidComponent = Code(rawValue: "INVALID_COMPONENT")
        /// Every digit is the same (`111.111.111-11`), which passes the CPF check but is never issued.
        public static let repeatedDigits = Code(rawValue: "REPEATED_DIGITS")
        /// The number starts with digits the kind never starts with (a mobile number starting 0–5,
        /// a PIN code starting 0, a country code other than India's).
        public static let invalidPrefix = Code(rawValue: "INVALID_PREFIX")
        /// A PIN code whose first two digits belong to no postal region.
        public static let unallocatedPrefix = Code(rawValue: "UNALLOCATED_PREFIX")
    }

    /// The stable reason.
    public let code: Code
    /// What went wrong, for people.
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
