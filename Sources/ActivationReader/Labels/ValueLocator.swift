public import ActivationVision

/// Finds identifier labels in a page's OCR lines and the words that hold each one's value:
/// on the same row to the right (`IMEI1 : 3594…`, iOS About rows, Xiaomi Status), or on
/// the row below (iOS `*#06#`, Android About phone). Pure logic.
public enum ValueLocator {
    /// Two words stand on one row when this share of the shorter's height overlaps.
    static let rowOverlap = 0.4
    /// A word stands on its label's row when this share of their heights overlaps.
    static let labelRowOverlap = 0.5
    /// A word continues the one before it (a value split in two) when this share overlaps.
    static let continuationOverlap = 0.6
    /// A word is value-like when digits and their lookalikes make this share of it.
    static let valueLikeShare = 0.6

    /// Every labelled value on the page, in reading order.
    public static func locate(_ lines: [OCRLine], pageWidth: Int, pageHeight: Int) -> [LabelledValue] {
        let words = lines.flatMap(\.words)
        var found: [LabelledValue] = []
        var consumed = Set<PixelRect>()
        for line in lines {
            for (wordIndex, piece) in line.words.enumerated() where !consumed.contains(piece.box) {
                guard let (word, parsed) = label(startingAt: piece, among: words) else { continue }
                consumed.insert(word.box)
                var label = parsed
                let after = line.words[(wordIndex + 1)...].map(\.text)
                if label.slot == nil, let slot = IdentifierLabel.slotPhrase(after) {
                    label.slot = slot
                    label.text = "IMEI (slot \(slot))"
                }
                let h = max(8, word.box.height)
                var labelBox = extendOverSlotPhrase(word, in: line, from: wordIndex)
                var gluedBox: PixelRect?
                var runOn: (value: OCRWord, next: Int)?
                if let glued = label.gluedValue {
                    let (labelPart, valuePart) = split(word, keepingLast: glued.count)
                    let symbols = word.symbols.count == word.text.count ? Array(word.symbols.suffix(glued.count)) : []
                    (labelBox, gluedBox) = (labelPart, valuePart)
                    runOn = Self.runOn(OCRWord(text: glued, confidence: word.confidence, box: valuePart, symbols: symbols))
                    if let runOn { (label.gluedValue, gluedBox) = (runOn.value.text, runOn.value.box) }
                }
                let sameLine = line.words.filter { $0.box.x >= labelBox.maxX - h / 4 }
                var right = runOn == nil ? valueWords(rightOf: labelBox, among: words, sameLine: sameLine, height: h) : []
                if label.gluedValue == nil, let first = right.first, let found = Self.runOn(first) {
                    (runOn, right) = (found, [found.value])
                }
                let glued = label.gluedValue.map(digitCount) ?? 0
                if glued + right.reduce(0, { $0 + digitCount($1.text) }) >= 8 || glued >= 8 {
                    let boxes = (gluedBox.map { [$0] } ?? []) + right.map(\.box)
                    let region = boxes.dropFirst().reduce(boxes.first ?? word.box) { $0.union($1) }
                    var v = LabelledValue(
                        label: label, labelBox: labelBox, words: right, region: region, textHeight: h, sameRow: true)
                    v.fence = fence(around: right, among: words, floor: labelBox.maxX)
                    if gluedBox != nil { v.fence.left = labelBox.maxX - h / 6 }
                    if let runOn { v.fence.right = min(v.fence.right, runOn.next) }
                    found.append(v)
                    continue
                }
                let below = valueWords(below: labelBox, among: words, height: h, pageHeight: pageHeight)
                if !below.isEmpty {
                    let region = below.dropFirst().reduce(below[0].box) { $0.union($1.box) }
                    var v = LabelledValue(
                        label: label, labelBox: labelBox, words: below, region: region, textHeight: h, sameRow: false)
                    v.fence = fence(around: below, among: words, floor: 0)
                    found.append(v)
                    continue
                }
                // Nothing legible in the first pass: re-read blind, but only where the first
                // pass saw no other text (a title `IMEI` over a `MEID : …` row is no value).
                let band = PixelRect(x: labelBox.maxX + h / 4, y: word.box.y - h / 3, width: pageWidth - labelBox.maxX - h / 4, height: h * 5 / 3)
                let next = PixelRect(x: max(0, word.box.x - h), y: word.box.maxY + h / 6, width: pageWidth - word.box.x + h, height: h * 2)
                for (region, sameRow) in [(band, true), (next, false)] where isBlank(region, among: words) {
                    var v = LabelledValue(label: label, labelBox: labelBox, words: [], region: region, textHeight: h, sameRow: sameRow)
                    v.fence = (sameRow ? labelBox.maxX : 0, Int.max)
                    found.append(v)
                }
            }
        }
        return found
    }

    /// A value that runs on into the next field with no space between (a text dump's strings,
    /// `IMEI:` then `3517…910samsungSM-G530FZ`, or all in one word): a word that starts with
    /// exactly 15 digits and goes on with two letters that no digit looks like, not both hex
    /// (`…910abc` is a hex number). The value's part of the word, and where the next field starts
    /// (page pixels); the row's words after it are not the value's. Measured: `samples/layouts`
    /// text_dump 0/2 → 2/2, and the real-world set's forensic pane (105). Pure.
    static func runOn(_ word: OCRWord) -> (value: OCRWord, next: Int)? {
        let chars = Array(word.text)
        guard chars.count >= 17, chars.prefix(15).allSatisfy(\.isASCIIDigit) else { return nil }
        let after = chars[15...].prefix(2)
        guard after.allSatisfy({ $0.isASCII && $0.isLetter && !digitLookalikes.contains($0) }),
              after.contains(where: { !"abcdefABCDEF".contains($0) })
        else { return nil }
        let next = split(word, keepingLast: chars.count - 15).value.x
        let kept = PixelRect(x: word.box.x, y: word.box.y, width: max(1, next - word.box.x), height: word.box.height)
        let symbols = word.symbols.count == chars.count ? Array(word.symbols.prefix(15)) : []
        return (OCRWord(text: String(chars.prefix(15)), confidence: word.confidence, box: kept, symbols: symbols), next)
    }

    /// The right edge of the nearest word left of the value on its row (at least `floor`),
    /// and the left edge of the nearest word right of it.
    static func fence(around value: [OCRWord], among words: [OCRWord], floor: Int) -> (left: Int, right: Int) {
        guard let first = value.first, let last = value.last else { return (floor, Int.max) }
        let row = words.filter { w in !value.contains(w) && value.contains { w.box.verticalOverlap(with: $0.box) >= rowOverlap } }
        let left = row.filter { $0.box.maxX <= first.box.x + first.box.height / 2 }.map(\.box.maxX).max() ?? floor
        let right = row.filter { $0.box.x >= last.box.maxX - last.box.height / 2 && !isValueLike($0.text) }.map(\.box.x).min() ?? Int.max
        return (max(left, floor), right)
    }

    /// Whether the first pass saw no word of two or more characters inside `region`.
    static func isBlank(_ region: PixelRect, among words: [OCRWord]) -> Bool {
        !words.contains { w in
            w.text.count >= 2 && w.box.intersects(region)
        }
    }

    /// A label that starts with `piece`, alone or joined with the words that follow it on its
    /// row with almost no gap (the engine sometimes splits `IMEI2:` into `IM` and `EI2:`).
    static func label(startingAt piece: OCRWord, among words: [OCRWord]) -> (OCRWord, IdentifierLabel)? {
        if let label = IdentifierLabel.parse(piece.text) { return (piece, label) }
        guard piece.text.count < 5, let first = piece.text.uppercased().first, "I1L|".contains(first) else { return nil }
        var joined = piece
        for _ in 0..<2 {
            let gap = max(3, joined.box.height / 3)
            guard let next = words.filter({ w in
                w.box.x > joined.box.x && w.box.x - joined.box.maxX <= gap && w.box.x - joined.box.maxX >= -gap
                    && w.box.verticalOverlap(with: joined.box) >= continuationOverlap
            }).min(by: { $0.box.x < $1.box.x }) else { return nil }
            joined = OCRWord(text: joined.text + next.text, confidence: min(joined.confidence, next.confidence),
                             box: joined.box.union(next.box), symbols: joined.symbols + next.symbols)
            if let label = IdentifierLabel.parse(joined.text) { return (joined, label) }
        }
        return nil
    }

    /// Splits a word whose last `count` characters are a value glued to its label
    /// (`IMEI1:8669…`) into the label's box and the value's, by the glyph boxes when the
    /// engine gave one per character, else in proportion.
    static func split(_ word: OCRWord, keepingLast count: Int) -> (label: PixelRect, value: PixelRect) {
        let b = word.box
        let total = max(1, word.text.count)
        let labelChars = max(0, total - count)
        var cut = b.x + b.width * labelChars / total
        var labelEnd = cut
        if word.symbols.count == total, labelChars < total, labelChars > 0 {
            cut = word.symbols[labelChars].box.x
            labelEnd = (word.symbols[labelChars - 1].box.maxX + cut) / 2
        }
        return (PixelRect(x: b.x, y: b.y, width: max(1, labelEnd - b.x), height: b.height),
                PixelRect(x: cut, y: b.y, width: max(1, b.maxX - cut), height: b.height))
    }

    /// The label's box grown over a following `(sim slot 1)` phrase on the same line.
    private static func extendOverSlotPhrase(_ word: OCRWord, in line: OCRLine, from index: Int) -> PixelRect {
        var box = word.box
        var i = index + 1
        while i < line.words.count, i <= index + 3 {
            let t = line.words[i].text.lowercased()
            guard t.hasPrefix("(") || t.hasPrefix("sim") || t.hasPrefix("slot") || t.hasSuffix(")") else { break }
            guard line.words[i].box.x - box.maxX < word.box.height * 2 else { break }
            box = box.union(line.words[i].box)
            i += 1
        }
        return box
    }

    /// The value-like words on the label's row, to its right, left to right.
    static func valueWords(rightOf label: PixelRect, among words: [OCRWord], sameLine: [OCRWord], height h: Int) -> [OCRWord] {
        // The engine's own line counts as the row even when a photo slants it.
        let row = (words.filter { w in
            w.box.x >= label.maxX - h / 4 && w.box.verticalOverlap(with: label) >= labelRowOverlap
        } + sameLine).filter { w in
            abs(w.box.height - h) <= h && isValueLike(w.text) && IdentifierLabel.parse(w.text) == nil
        }
        guard let first = row.min(by: { $0.box.x < $1.box.x }) else { return [] }
        return chained(from: first, among: words, height: h)
    }

    /// The value-like words on the first row below the label, starting near its left edge.
    static func valueWords(below label: PixelRect, among words: [OCRWord], height h: Int, pageHeight: Int) -> [OCRWord] {
        let candidates = words.filter { w in
            w.box.y >= label.maxY - h / 3 && w.box.y <= label.maxY + h * 2
                && w.box.x >= label.x - h * 2 && w.box.x <= label.x + h * 3
                && isValueLike(w.text) && IdentifierLabel.parse(w.text) == nil
        }
        guard let top = candidates.min(by: { $0.box.y < $1.box.y }),
              let first = candidates.filter({ $0.box.verticalOverlap(with: top.box) >= rowOverlap }).min(by: { $0.box.x < $1.box.x })
        else { return [] }
        // A row that starts with a label of its own (`MEID : …` under a title `IMEI`) is that
        // label's value, not this one's.
        let rowStart = words.filter { $0.box.verticalOverlap(with: first.box) >= labelRowOverlap && $0.box.maxX <= first.box.x }
        if rowStart.contains(where: { IdentifierLabel.parse($0.text) != nil }) { return [] }
        return chained(from: first, among: words, height: h)
    }

    /// The value-like words that continue a row from `first` to the right, each one
    /// overlapping the previous vertically (rows in photos slant), up to a wide gap.
    static func chained(from first: OCRWord, among words: [OCRWord], height h: Int) -> [OCRWord] {
        var row = [first]
        var last = first
        var edge = first.box.maxX
        let rest = words.filter { $0.box.x > first.box.x && isValueLike($0.text) && IdentifierLabel.parse($0.text) == nil }
            .sorted { $0.box.x < $1.box.x }
        for w in rest where w.box.verticalOverlap(with: last.box) >= rowOverlap {
            if w.box.x - edge > h * 3 { break }
            row.append(w)
            last = w
            edge = max(edge, w.box.maxX)
        }
        return row
    }

    /// The letters OCR reads for digits (O for 0, l for 1, S for 5, B for 8, Z for 2 …).
    static let digitLookalikes = "OoIlSBZ|"

    /// Whether a word reads mostly as digits (OCR may turn a few into look-alike letters).
    static func isValueLike(_ text: String) -> Bool {
        let digits = text.filter(\.isASCIIDigit).count
        guard digits > 0 else { return false }
        let lookalike = text.filter { (digitLookalikes + "/:.-").contains($0) }.count
        return Double(digits + lookalike) >= Double(text.count) * valueLikeShare
    }

    static func digitCount(_ text: String) -> Int { text.filter(\.isASCIIDigit).count }
}

