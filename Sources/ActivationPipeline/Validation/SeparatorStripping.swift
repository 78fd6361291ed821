/// Removes the grouping characters people type into numbers. Pure logic.
enum SeparatorStripping {
    /// Dashes that keyboards and word processors put in place of `-`.
    static let dashes: Set<Character> = ["-", "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}", "\u{2015}", "\u{2212}"]
    /// Spaces, including the no-break spaces that copy and paste brings in.
    static let spaces: Set<Character> = [" ", "\t", "\u{00A0}", "\u{202F}", "\u{2007}"]

    /// `input` without surrounding whitespace and without any character in `separators`.
    static func strip(_ input: String, removing separators: Set<Character>) -> String {
        let kept = input.filter { !separators.contains($0) }
        return String(kept.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    /// Whether every character is an ASCII digit 0–9.
    static func isDigits(_ text: some StringProtocol) -> Bool {
        text.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Whether every character is an ASCII hex digit 0–9, A–F (uppercase).
    static func isUppercaseHex(_ text: some StringProtocol) -> Bool {
        text.allSatisfy { ("0"..."9").contains($0) || ("A"..."F").contains($0) }
    }
}
