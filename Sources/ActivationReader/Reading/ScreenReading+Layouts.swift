import ActivationPipeline
import ActivationVision

extension ScreenReading {
    /// The deep reader's general label rule (``LineLabels``) over Tesseract's own lines of a
    /// page, for the layouts the passes' rule (``ValueLocator``) does not take: a heading with a
    /// few lines between it and its value, a label phrase ("Your Device IMEI", "IMEI-Nummer",
    /// "设备 IMEI"), a label on the right of its value (right-to-left scripts). The rule only
    /// says which words a label names; they are then read as every labelled value is
    /// (``readIMEI(_:on:)``: the first pass when it is sure, else re-reads of their crop).
    /// `besides`: IMEIs read already, whose values are not read again (the passes' rule read a
    /// table's first row; the general rule's heading names the column's every row).
    func generalLayout(_ page: Page, besides: [IMEIReading] = []) -> [IMEIReading] {
        let (found, columns) = generalRule(page.lines)
        var readings: [IMEIReading] = []
        for found in found.imeis where !besides.contains(where: { $0.value == found.value }) {
            trace("general layout: \(found.label) \(IMEIMask.mask(found.value))")
            guard let value = labelledValue(found, columns: columns),
                  let reading = readIMEI(value, on: page, refuse: false).reading,
                  !(readings + besides).contains(where: { $0.value == reading.value })
            else { continue }
            readings.append(reading)
        }
        return readings
    }

    /// The general rule over Tesseract's `lines`, cut into columns at wide word gaps: what it
    /// names, and the columns its line indices point into. Pure.
    func generalRule(_ lines: [OCRLine]) -> (found: (imeis: [LineLabels.Found], meid: String?, failing: [LineLabels.Found]), columns: [[OCRWord]]) {
        let columns = LineLabels.columns(lines, columnGap: tuning.columnGap)
        return (LineLabels.read(columns.map(LineLabels.textBox)), columns)
    }

    /// The value `found` names, as the passes' rule would have given it: its number words, the
    /// label's box, and the label as the fence on the side it stands on its row.
    private func labelledValue(_ found: LineLabels.Found, columns: [[OCRWord]]) -> LabelledValue? {
        let column = columns[found.box]
        let words = Self.valueWords(of: found, in: column).filter { $0.text.filter(\.isASCIIDigit).count * 2 >= $0.text.count }
        guard let first = words.first else { return nil }
        let region = words.reduce(first.box) { $0.union($1.box) }
        // The label's words: its own column, or those before the number in the value's.
        let labelWords = found.labelBox.map { $0 == found.box ? column.filter { $0.box.maxX <= region.x } : columns[$0] } ?? []
        let labelBox = labelWords.first.map { w in labelWords.reduce(w.box) { $0.union($1.box) } } ?? region
        let sameRow = !labelWords.isEmpty && labelBox.y < region.maxY && region.y < labelBox.maxY
        var fence = (left: 0, right: Int.max)
        if sameRow, labelBox.maxX <= region.x { fence.left = labelBox.maxX }
        if sameRow, labelBox.x >= region.maxX { fence.right = labelBox.x }
        let heights = words.map(\.box.height).sorted()
        return LabelledValue(
            label: IdentifierLabel(kind: .imei, slot: found.slot, text: found.label, gluedValue: nil),
            labelBox: labelBox, words: words, region: region, textHeight: heights[heights.count / 2],
            fence: fence, sameRow: sameRow)
    }

    /// The words of `column` that hold `found`'s value, each cut to the value's own glyphs where
    /// it holds more (a CSV row read as one word, `<15 digits>,<15 digits>,<serial>`) and its
    /// glyphs are known; a word whose glyphs are not known is kept whole. `found.share` says
    /// where the value stands in the column's text (its words joined by spaces). Pure.
    static func valueWords(of found: LineLabels.Found, in column: [OCRWord]) -> [OCRWord] {
        let count = column.reduce(-1) { $0 + $1.text.count + 1 }
        guard count > 0 else { return column }
        let first = Int((found.share.lowerBound * Double(count)).rounded()), end = Int((found.share.upperBound * Double(count)).rounded())
        var offset = 0, out: [OCRWord] = []
        for word in column {
            let range = offset..<(offset + word.text.count)
            offset = range.upperBound + 1
            guard range.lowerBound < end, range.upperBound > first else { continue }
            if range.lowerBound >= first && range.upperBound <= end || word.symbols.count != word.text.count {
                out.append(word)
                continue
            }
            let kept = Array(word.symbols[(max(first, range.lowerBound) - range.lowerBound)..<(min(end, range.upperBound) - range.lowerBound)])
            guard let head = kept.first else { continue }
            out.append(OCRWord(text: kept.map(\.text).joined(), confidence: kept.map(\.confidence).min() ?? word.confidence,
                               box: kept.dropFirst().reduce(head.box) { $0.union($1.box) }, symbols: kept))
        }
        return out
    }
}
