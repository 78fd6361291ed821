import Foundation
import ActivationPipeline
import ActivationVision

/// The serial number and the EID that a retail-box label prints beside its IMEIs, read from
/// the label's text lines: `S/N`, `SN`, `Serial No.`, `(S) Serial No.`, `Serial Number` and
/// `EID`, with the value after the label in its line, or alone in the line beside it or just
/// below. A serial is six or more letters and digits (`/` and `-` allowed) with a digit among
/// them; an EID is 32 digits (spaces between groups allowed), checked later. Pure logic.
enum BoxLabelFields {
    /// What a field's label names.
    enum Kind: Sendable, Hashable {
        case serialNumber, eid
    }

    /// One field found: the value as read, and the box of the line that holds it.
    struct Field: Sendable, Hashable {
        var kind: Kind
        var value: String
        var box: PixelRect
    }

    /// The first serial number and the first EID among `lines`, each when labelled.
    static func read(_ lines: [TextBox]) -> [Field] {
        var found: [Field] = []
        for (i, line) in lines.enumerated() {
            guard let (kind, rest) = label(in: line.text), !found.contains(where: { $0.kind == kind }) else { continue }
            if let value = value(kind, in: rest) {
                found.append(Field(kind: kind, value: value, box: line.bounds))
                continue
            }
            // The value in a line of its own: beside the label on its row, or just below it.
            let b = line.bounds, h = max(1, b.height)
            let beside = lines.indices.filter { j in
                j != i && lines[j].bounds.verticalOverlap(with: b) >= 0.5 && lines[j].bounds.x >= b.maxX - h
                    && lines[j].bounds.x - b.maxX <= 8 * h
            }
            let below = lines.indices.filter { j in
                let o = lines[j].bounds
                return j != i && o.y >= b.maxY - h / 3 && o.y <= b.maxY + 2 * h && abs(o.x - b.x) <= 3 * h
            }
            let near = beside.sorted { lines[$0].bounds.x < lines[$1].bounds.x } + below.sorted { lines[$0].bounds.y < lines[$1].bounds.y }
            if let j = near.first(where: { value(kind, in: lines[$0].text) != nil }), let v = value(kind, in: lines[j].text) {
                found.append(Field(kind: kind, value: v, box: lines[j].bounds))
            }
        }
        return found
    }

    /// The field a line's label names, and the text after that label (upper-cased, as serials
    /// print).
    static func label(in text: String) -> (Kind, Substring)? {
        let upper = text.uppercased()
        let tokens = upper.split(separator: " ")
        for (i, token) in tokens.enumerated() {
            let bare = token.trimmingCharacters(in: CharacterSet(charactersIn: ":.#"))
            let next = tokens.dropFirst(i + 1).first.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ":.#")) }
            var kind: Kind?, skip = 1
            switch bare {
            case "S/N", "SN": kind = .serialNumber
            case "SERIAL":
                kind = .serialNumber
                if next == "NO" || next == "NUMBER" || next == "NR" { skip = 2 }
            case "EID": kind = .eid
            default:
                // A value glued to its label: `S/N:R52M…`, `EID:8904…`.
                for (prefix, k) in [("S/N:", Kind.serialNumber), ("SN:", .serialNumber), ("EID:", .eid)] where token.hasPrefix(prefix) {
                    return (k, upper[token.startIndex...].dropFirst(prefix.count))
                }
            }
            guard let kind else { continue }
            return (kind, upper[tokens[i + skip - 1].endIndex...])
        }
        return nil
    }

    /// The value `text` holds for a field of `kind`, or nil.
    static func value(_ kind: Kind, in text: some StringProtocol) -> String? {
        let trimmed = text.drop { $0 == " " || $0 == ":" }
        switch kind {
        case .eid:
            guard trimmed.allSatisfy({ $0.isASCIIDigit || $0 == " " }) else { return nil }
            let digits = trimmed.filter(\.isASCIIDigit)
            return digits.count == 32 ? String(digits) : nil
        case .serialNumber:
            guard let token = trimmed.split(separator: " ").first, token.count >= 6,
                  token.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "/" || $0 == "-" }),
                  token.contains(where: \.isASCIIDigit)
            else { return nil }
            return String(token)
        }
    }
}
