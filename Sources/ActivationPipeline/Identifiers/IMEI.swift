/// A valid IMEI: exactly 15 ASCII digits whose last is the Luhn check digit of the first 14.
///
/// The one validity rule of every channel: what the reader keeps from OCR and from barcodes,
/// what ``IMEIValidator`` accepts once separators are gone, and what the stand-in batch reader
/// finds in bytes. Pure value.
public struct IMEI: Sendable, Hashable, CustomStringConvertible {
    /// The 15 digits.
    public let digits: String

    /// The IMEI that `text` is, or nil when it is not exactly 15 ASCII digits passing Luhn.
    public init?(_ text: some StringProtocol) {
        guard text.count == 15, text.allSatisfy(\.isASCIIDigit), Luhn.isValid(text) else { return nil }
        digits = String(text)
    }

    /// Whether `text` is a valid IMEI.
    public static func isValid(_ text: some StringProtocol) -> Bool {
        IMEI(text) != nil
    }

    public var description: String { digits }
}
