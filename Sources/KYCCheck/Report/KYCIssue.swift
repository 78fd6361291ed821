/// One finding of the KYC pre-validation: a stable code and a message for people.
///
/// The message says what was measured and what the limit is; it never holds a file name,
/// a person's name or image content. It may change wording; the code does not. Pure value.
public struct KYCIssue: Sendable, Hashable, Codable, CustomStringConvertible {
    public var code: KYCCode
    public var message: String

    public init(_ code: KYCCode, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
