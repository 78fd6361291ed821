/// A stable, machine-readable code (`BATCH_STORE_OPEN`, `FILE_TOO_LARGE`, `INVALID_CHECKSUM`):
/// text that never changes meaning and is never renamed. Pure value.
///
/// `Owner` keeps each type's codes apart: `BatchError.Code` and `FlowError.Code` are both this
/// struct, but `.storeOpen` finds the owner's own, and a batch code never stands where a flow
/// code is expected. The codes are declared next to their owner, in an extension
/// `StableCode<Owner>`. Encodes as its bare text; orders by it.
public struct StableCode<Owner>: RawRepresentable, Sendable, Hashable, Comparable, Codable,
    CustomStringConvertible, ExpressibleByStringLiteral
{
    /// The code as text.
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        rawValue = value
    }

    /// The code as text, e.g. `BATCH_STORE_OPEN`.
    public var name: String { rawValue }

    public var description: String { rawValue }

    public static func < (lhs: StableCode, rhs: StableCode) -> Bool { lhs.rawValue < rhs.rawValue }
}
