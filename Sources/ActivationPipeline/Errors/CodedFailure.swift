/// A failure with a stable code of its `Kind`, a message for people, and the error behind it,
/// if any: the one concrete error type of the rules and the stores (``ValidationFailure``,
/// ``AccountTenureError``, ``EnrollmentError``, `KYCSetupError`, `BatchError`, `FlowError`).
///
/// `Kind` says whose failure it is and keeps the codes apart: the codes are `StableCode<Kind>`,
/// declared next to the kind. Equality, hashing and JSON (`{"code": …, "message": …}`) look at
/// the code and the message, never at the cause.
public struct CodedFailure<Kind>: CodedError, Sendable, Hashable, Codable {
    /// A stable code; never changes meaning.
    public typealias Code = StableCode<Kind>

    /// What kind of failure this is.
    public let code: Code
    /// What went wrong in this case, for people; never holds a full IMEI or a bound value.
    public let message: String
    /// The underlying error, if any.
    public let cause: (any Error)?

    public init(_ code: Code, _ message: String, cause: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.cause = cause
    }

    public static func == (lhs: CodedFailure, rhs: CodedFailure) -> Bool {
        lhs.code == rhs.code && lhs.message == rhs.message
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(message)
    }

    private enum CodingKeys: String, CodingKey { case code, message }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(try c.decode(Code.self, forKey: .code), try c.decode(String.self, forKey: .message))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(code, forKey: .code)
        try c.encode(message, forKey: .message)
    }
}
