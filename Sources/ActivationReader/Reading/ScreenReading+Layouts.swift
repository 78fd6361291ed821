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
        let words = column.filter { $0.text.filter(\.isASCIIDigit).count * 2 >= $0.text.count }
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
}
