extension Character {
    /// Whether this is one of the ASCII digits 0–9.
    public var isASCIIDigit: Bool { asciiValue.map { $0 >= 48 && $0 <= 57 } ?? false }
}
