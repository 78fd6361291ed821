/// One reason a result needs a person: its stable code and a few words for people, IMEIs masked
/// (`IMEI2 35209900******* confidence 0.72`). Pure value.
public struct ReviewReason: Sendable, Hashable, Codable {
    public var code: ReviewCode
    /// What the reason is about, IMEIs masked as in logs.
    public var detail: String

    public init(_ code: ReviewCode, _ detail: String) {
        self.code = code
        self.detail = detail
    }
}
