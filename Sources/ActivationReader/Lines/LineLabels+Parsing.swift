import Foundation

extension LineLabels {
    /// The first IMEI or MEID label in the text, tolerant of OCR's confusions of `I` in its
    /// letters (``IdentifierLabel/iLike``); with the slot stated after it (`IMEI2`, `IMEI 2:`,
    /// `IMEI (slot 1)`, `IMEI1:`).
    static func findLabel(_ text: [Character]) -> Label? {
        let upper = text.map { Character($0.uppercased()) }
        func isI(_ i: Int) -> Bool { i < upper.count && IdentifierLabel.iLike.contains(upper[i]) }
        if let alone = lostFirstLetterAlone(upper) {
            return Label(start: alone.start, end: alone.end, text: alone.slot.map { "IMEI\($0)" } ?? "IMEI", slot: alone.slot, isMEID: false)
        }
        for start in upper.indices {
            // Not inside a longer word of Latin letters ("TIMEIN"); but one `I` look-alike glued
            // before it at a word's start is a stray bar (`lIMEI`, `Imei` read `Ilmei`).
            if start > 0, upper[start - 1].isASCII, upper[start - 1].isLetter,
               !IdentifierLabel.iLike.contains(upper[start - 1]) || (start > 1 && upper[start - 2].isASCII && upper[start - 2].isLetter) {
                continue
            }
            if let end = answerLabel(upper, at: start) {
                return Label(start: start, end: end, text: "IMEI", slot: nil, isMEID: false)
            }
            if let end = spelledOut(upper, at: start) {
                return Label(start: start, end: end, text: "IMEI", slot: nil, isMEID: false)
            }
            if start + 4 <= upper.count, upper[start] == "M", upper[start + 1] == "E", isI(start + 2), upper[start + 3] == "D" {
                return Label(start: start, end: start + 4, text: "MEID", slot: nil, isMEID: true)
            }
            if let slot = lostFirstLetter(upper, at: start) {
                return Label(start: start, end: start + 4, text: "IMEI\(slot)", slot: slot, isMEID: false)
            }
            // The last `I` may read as `T` in a typewriter font (`IMET:`), the word ending there.
            let typewriterT = start + 3 < upper.count && upper[start + 3] == "T" && lostLastLetter(upper, at: start + 4)
            guard isI(start), start + 3 <= upper.count, upper[start + 1] == "M", upper[start + 2] == "E",
                  isI(start + 3) || typewriterT || lostLastLetter(upper, at: start + 3)
            else { continue }
            let end = isI(start + 3) || typewriterT ? start + 4 : start + 3
            // `IMEI1` whose slot digit reads as an l or a bar (`imeil`, `IMEI|`), the word ending there.
            if end < upper.count, upper[end] == "L" || upper[end] == "|", end + 1 == upper.count || !upper[end + 1].isLetter {
                return Label(start: start, end: end + 1, text: "IMEI1", slot: 1, isMEID: false)
            }
            // The plural `IMEIs:` keys a list of values on its line (a forensic report's device
            // details): ``Label/plural``.
            if end + 1 < upper.count, upper[end] == "S", upper[end + 1] == ":" {
                return Label(start: start, end: end + 2, text: "IMEI", slot: nil, isMEID: false, plural: true)
            }
            if end < upper.count, upper[end].isASCII, upper[end].isLetter, !(end + 1 < upper.count && upper[end] == "S" && upper[end + 1] == "V") {
                // "IMEIS…" and other longer words are not the label; "IMEISV" is a different number.
                continue
            }
            if end + 1 < upper.count, upper[end] == "S", upper[end + 1] == "V" { continue }
            if end < upper.count, upper[end] == "/", end + 5 <= upper.count, String(upper[(end + 1)..<(end + 5)]) == "MEID" {
                return Label(start: start, end: end + 5, text: "IMEI/MEID", slot: nil, isMEID: false)
            }
            if let (slot, digit) = slotDigit(upper, after: end) {
                return Label(start: start, end: digit + 1, text: "IMEI\(slot)", slot: slot, isMEID: false)
            }
            let rest = String(upper[end...]).lowercased()
            if rest.hasPrefix(" (") || rest.hasPrefix("(") {
                let phrase = rest.prefix { $0 != ")" }
                if phrase.contains("slot") || phrase.contains("sim"), let d = phrase.first(where: { $0 == "1" || $0 == "2" }) {
                    let close = rest.firstIndex(of: ")").map { rest.distance(from: rest.startIndex, to: $0) + 1 } ?? rest.count
                    let slot = d == "1" ? 1 : 2
                    return Label(start: start, end: end + close, text: "IMEI (slot \(slot))", slot: slot, isMEID: false)
                }
            }
            // A phrase ending in the slot: "IMEI (MEID) 2", "IMEI-Nummer 2".
            let tail = String(upper[end...]).trimmingCharacters(in: .whitespaces)
            if tail.count >= 2, tail.last == "1" || tail.last == "2", tail.dropLast().last == " ",
               !tail.dropLast().contains(where: \.isNumber) {
                let slot = tail.last == "1" ? 1 : 2
                return Label(start: start, end: upper.count, text: "IMEI\(slot)", slot: slot, isMEID: false)
            }
            return Label(start: start, end: end, text: "IMEI", slot: nil, isMEID: false)
        }
        return nil
    }

    /// The IMEI's name spelled out: "International Mobile Equipment Identity", in any case, its
    /// words apart or run together (an iOS activation record's key
    /// `InternationalMobileEquipmentIdentity`, a form's long label), OCR's spaces inside a word
    /// ignored and its `I` look-alikes tolerated. The end of the name at `start`, or nil.
    /// Measured: `samples/layouts` `plist_dump` 0/2 → 2/2 and the real-world set's forensic
    /// tool pane (054); no other output changes. Pure.
    static func spelledOut(_ upper: [Character], at start: Int) -> Int? {
        var i = start
        for want in "INTERNATIONALMOBILEEQUIPMENTIDENTITY" {
            while i < upper.count, upper[i] == " ", i > start { i += 1 }
            guard i < upper.count, upper[i] == want || (want == "I" && IdentifierLabel.iLike.contains(upper[i])) else { return nil }
            i += 1
        }
        return i
    }

    /// The lost-first-letter rule: "MEI1:" or "MEI2:" (an `I` look-alike in the middle) then
    /// digits, at `start`, is an `IMEI1` or `IMEI2` label whose first letter the reader lost (a
    /// MEID label ends in D). The slot it states, or nil. Measured: without it
    /// `samples/photos/0180` loses its IMEI2 (``ScreenOutlineTests``) and `samples/0071` reads
    /// otherwise; no other output of samples, dev-clean, dev-hard or dev-photo changes. Pure.
    static func lostFirstLetter(_ upper: [Character], at start: Int) -> Int? {
        guard start + 5 < upper.count, upper[start] == "M", upper[start + 1] == "E", IdentifierLabel.iLike.contains(upper[start + 2]),
              upper[start + 3] == "1" || upper[start + 3] == "2", upper[start + 4] == ":" || upper[start + 4] == " ",
              upper[(start + 5)...].first(where: { $0 != " " })?.isNumber == true
        else { return nil }
        return upper[start + 3] == "1" ? 1 : 2
    }

    /// The lost-first-letter rule on a line of its own: the whole line (a colon after it allowed)
    /// "MEI", "MEI1" or "MEI2", as the deep reader reads the grey `IMEI` and `IMEI2` labels of a
    /// dark iOS About page photographed, their values a line apart. Without a slot digit the third
    /// letter must read as `I`, `1`, `|` or `!` (a line "Mel" is a name). Where the label stands
    /// and its slot (nil when it states none), or nil. Measured on photos of MIUI Status and dark
    /// iOS About pages at random shots (`make_photo_probe.py`): `samples/photos-random` 32 → 34/40,
    /// 80 more (seeds 7772025 and 31337) 73 → 74, 0 false accepts; the real-world set and every
    /// other sample and corpus file unchanged. Pure.
    static func lostFirstLetterAlone(_ upper: [Character]) -> (start: Int, end: Int, slot: Int?)? {
        guard let start = upper.firstIndex(where: { $0 != " " }) else { return nil }
        var end = upper.count
        while end > start, " :.".contains(upper[end - 1]) { end -= 1 }
        let word = Array(upper[start..<end])
        guard word.count == 3 || word.count == 4, word[0] == "M", word[1] == "E" else { return nil }
        if word.count == 4 {
            guard IdentifierLabel.iLike.contains(word[2]), word[3] == "1" || word[3] == "2" else { return nil }
            return (start, end, word[3] == "1" ? 1 : 2)
        }
        return "I1|!".contains(word[2]) ? (start, end, nil) : nil
    }

    /// The lost-last-letter rule: after "IME", the end of the text or anything but a Latin
    /// letter at `i` makes an IMEI label whose last letter markup or glare took. Measured:
    /// without it `samples/0037` (a red circle over the label) loses its IMEI1 and `samples/0065`
    /// its IMEI2 (``LineLabelsRuleTests``), and `samples/sideways/0383` reads otherwise. Pure.
    static func lostLastLetter(_ upper: [Character], at i: Int) -> Bool {
        i == upper.count || !(upper[i].isASCII && upper[i].isLetter)
    }

    /// The stated slot digit: a `1` or `2` after a label ending at `end` (spaces between
    /// allowed) that is glued to it ("IMEI2…") or not followed by another digit (a separator,
    /// then the value): the slot, and where the digit stands. Pure.
    static func slotDigit(_ upper: [Character], after end: Int) -> (slot: Int, at: Int)? {
        var j = end
        while j < upper.count, upper[j] == " " { j += 1 }
        guard j < upper.count, upper[j] == "1" || upper[j] == "2", j == end || j + 1 == upper.count || !upper[j + 1].isNumber
        else { return nil }
        return (upper[j] == "1" ? 1 : 2, j)
    }

    /// Runs of digits with single spaces between groups, from `from` on; `hex` also takes A–F (MEIDs).
    static func digitRuns(_ text: [Character], from: Int, hex: Bool) -> [DigitRun] {
        func isDigit(_ c: Character) -> Bool { c.isASCII && (c.isNumber || (hex && "ABCDEFabcdef".contains(c))) }
        var runs: [DigitRun] = []
        var i = from
        while i < text.count {
            guard isDigit(text[i]), i == from || !(text[i - 1].isASCII && text[i - 1].isLetter) || hex else { i += 1; continue }
            var indices: [Int] = []
            var j = i
            while j < text.count {
                if isDigit(text[j]) {
                    indices.append(j)
                    j += 1
                } else if text[j] == " ", j + 1 < text.count, isDigit(text[j + 1]) {
                    j += 1
                } else {
                    break
                }
            }
            // Digits glued to letters after them belong to a word ("5G", "A54").
            if j < text.count, text[j].isASCII, text[j].isLetter, !hex { i = j; continue }
            var version: String?
            if j + 1 < text.count, text[j] == "/" {
                let sv = text[(j + 1)...].prefix { $0.isNumber }
                if (1...2).contains(sv.count) { version = String(sv) }
            }
            runs.append(DigitRun(start: i, characterRange: indices, digits: String(indices.map { text[$0] }), softwareVersion: version))
            i = j
        }
        return runs
    }
}
