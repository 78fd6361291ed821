/// A valid EID (the eUICC identifier a box label prints beside the IMEIs): exactly 32 ASCII
/// digits whose last two are the ISO 7064 mod 97-10 check of the first 30, so that the whole
/// number leaves 1 when divided by 97. Pure value.
public struct EID: Sendable, Hashable, CustomStringConvertible {
    /// The 32 digits.
    public let digits: String

    /// The EID that `text` is, or nil when it is not 32 ASCII digits passing the check.
    public init?(_ text: some StringProtocol) {
        guard text.count == 32, text.allSatisfy(\.isASCIIDigit) else { return nil }
        let remainder = text.reduce(0) { ($0 * 10 + Int($1.asciiValue ?? 48) - 48) % 97 }
        guard remainder == 1 else { return nil }
        digits = String(text)
    }

    /// Whether `text` is a valid EID.
    public static func isValid(_ text: some StringProtocol) -> Bool {
        EID(text) != nil
    }

    public var description: String { digits }
}
