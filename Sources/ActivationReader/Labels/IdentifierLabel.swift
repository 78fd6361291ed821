/// A label that names a device identifier on a screen, read tolerantly from OCR text.
/// Pure logic.
public struct IdentifierLabel: Sendable, Hashable {
    /// What the label names.
    public enum Kind: Sendable, Hashable {
        /// An IMEI: `IMEI`, `IMEI1`, `IMEI2`, `IMEI (slot N)`, `IMEI/MEID`.
        case imei
        /// A MEID (14 hex digits; on iPhones the IMEI without its check digit).
        case meid
    }

    public var kind: Kind
    /// The slot the label itself states (`IMEI2`, `IMEI (slot 2)`), if any.
    public var slot: Int?
    /// The label as the result reports it: `IMEI`, `IMEI2`, `IMEI/MEID`, `IMEI (slot 1)`.
    public var text: String
    /// Value characters glued to the label in the same OCR word (`IMEI1:8669…`), if any.
    public var gluedValue: String?

    /// What OCR reads for the `I` of a label, uppercased: the one tolerance table of both label
    /// rules (``parse(_:)`` over Tesseract's words, ``LineLabels`` over whole lines). The round
    /// brackets: the deep reader reads a photographed `IMEI` as "(ME)" (`samples/photos-random`
    /// 34 → 35/40, 40 of an earlier draw, not kept, 36 → 37; 0 false accepts; nothing else changes).
    static let iLike: Set<Character> = ["I", "1", "L", "|", "!", "]", "[", "(", ")", "\\"]

    /// The names of the other identifiers a device page shows beside its IMEI, as one word in
    /// capitals: a word naming one of these keys a value that is no IMEI.
    static let otherNames: Set<String> = ["ICCID", "CCID", "IMSI", "MEID", "EID", "SERIAL"]

    /// Whether `word` names another identifier (``otherNames``), read in capitals with OCR's
    /// `I` look-alikes as `I` and its other non-letters dropped (`Iccid`, `1MSI:`). Pure.
    static func namesOtherIdentifier(_ word: some StringProtocol) -> Bool {
        let upper = word.uppercased()
        let asI = String(upper.map { iLike.contains($0) ? "I" : $0 }.filter(\.isLetter))
        return otherNames.contains(String(upper.filter(\.isLetter))) || otherNames.contains(asI)
    }

    /// Reads `word` as a label, or nil. OCR's confusions of `I` (``iLike``) are tolerated in
    /// the letters, never in the value.
    public static func parse(_ word: String) -> IdentifierLabel? {
        var chars = Array(word.uppercased())
        while let last = chars.last, ":;.".contains(last) { chars.removeLast() }
        func isI(_ i: Int) -> Bool { i < chars.count && iLike.contains(chars[i]) }
        func isWord(_ w: String, at i: Int) -> Bool {
            let t = Array(w)
            guard i + t.count <= chars.count else { return false }
            return zip(t, chars[i..<(i + t.count)]).allSatisfy { want, got in
                switch want {
                case "I": iLike.contains(got)
                case "E": "EBF€".contains(got)
                default: want == got
                }
            }
        }
        if isWord("MEID", at: 0) {
            // `MEID_IMEI` is a dialog title, not a label: anything glued on must be a value.
            let value = glued(chars, from: 4)
            guard value.map({ $0.filter(\.isHexDigit).count >= 4 }) ?? true else { return nil }
            return IdentifierLabel(kind: .meid, slot: nil, text: "MEID", gluedValue: value)
        }
        // A typewriter font's serifed last `I` read as `T` (`IMET:` in a console capture,
        // `samples/layouts` module_info), the word ending there.
        if isWord("IME", at: 0), chars.count >= 4, chars[3] == "T", chars.count == 4 || chars[4] == ":" {
            return IdentifierLabel(kind: .imei, slot: nil, text: "IMEI", gluedValue: glued(chars, from: 4))
        }
        guard isWord("IMEI", at: 0) else { return nil }
        var i = 4
        if isWord("/MEID", at: i) {
            return IdentifierLabel(kind: .imei, slot: nil, text: "IMEI/MEID", gluedValue: glued(chars, from: i + 5))
        }
        if i < chars.count, chars[i] == "S", i + 1 < chars.count, chars[i + 1] == "V" { return nil }
        var slot: Int?
        if i < chars.count, chars[i] == "2" {
            slot = 2
            i += 1
        } else if isI(i), i + 1 == chars.count || chars[i + 1] == ":" {
            slot = 1
            i += 1
        }
        // "IMEI1:8669…": the slot digit, a colon, then the value. Without a colon a following
        // digit run is not split off here: the caller keeps words apart by spacing.
        if i < chars.count, chars[i] == "(" {
            let rest = String(chars[i...]).lowercased()
            return IdentifierLabel(kind: .imei, slot: slot ?? slotPhrase([rest]), text: "IMEI", gluedValue: nil)
        }
        if i < chars.count, chars[i] != ":" { return nil }
        let text = slot.map { "IMEI\($0)" } ?? "IMEI"
        return IdentifierLabel(kind: .imei, slot: slot, text: text, gluedValue: glued(chars, from: i))
    }

    private static func glued(_ chars: [Character], from i: Int) -> String? {
        guard i < chars.count else { return nil }
        var rest = chars[i...]
        while let first = rest.first, ":;".contains(first) { rest = rest.dropFirst() }
        return rest.isEmpty ? nil : String(rest)
    }

    /// The slot stated by words after the label, as in `(sim slot 2)` or `(slot 1)`.
    public static func slotPhrase(_ words: [String]) -> Int? {
        let joined = words.prefix(4).joined(separator: " ").lowercased()
        guard joined.hasPrefix("("), joined.contains("slot") || joined.contains("sim") else { return nil }
        for ch in joined where ch == "1" || ch == "2" { return ch == "1" ? 1 : 2 }
        if joined.contains("slot l") || joined.contains("slot i") { return 1 }
        return nil
    }
}
