/// One thing wrong with a client's risk-signals payload: the field, a stable code, a message.
public struct RiskSignalsProblem: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The field's path (`device_id`, `screenDimensions.width`), `$` for the payload itself.
    public var field: String
    /// `NOT_JSON`, `MISSING`, `WRONG_TYPE`, `OUT_OF_RANGE`, `INVALID_FORMAT`, `INVALID_DATE`
    /// or `FUTURE_DATE`; never changes meaning.
    public var code: String
    /// What is wrong, for people.
    public var message: String

    public init(field: String, code: String, message: String) {
        self.field = field
        self.code = code
        self.message = message
    }

    public var description: String { "\(field) \(code): \(message)" }
}
