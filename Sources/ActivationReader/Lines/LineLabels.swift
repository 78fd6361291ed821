import ActivationPipeline
import ActivationVision
import Foundation

/// The label rule on whole text lines, tolerant of tilt and of layouts no one here designed: which
/// 15-digit values an IMEI label names. Pure logic.
///
/// The page's skew is the median angle of the lines' top edges; the lines are turned back by it. A
/// value counts when an IMEI label stands in its own line before it, on its row (either side: right
/// to left scripts put the label on the right), up to 2.5 line heights above it, or as a heading alone
/// on its row with at most three lines between, none of them a number or another label. A label is
/// a short phrase holding the Latin word `IMEI` ("IMEI", "IMEI2", "Your Device IMEI", "IMEI-Nummer",
/// "设备 IMEI"); a sentence that mentions an IMEI is not one. A value is exactly 15 digits (spaces
/// between groups allowed, a `/NN` software version after it) that pass Luhn; a slot digit glued to
/// the label is the label's, never the value's; a line listing values (`…565;3531`) holds each. A
/// label heading a table's column names every value in it. Two values whose labels were lost
/// still count: one sharing a labelled IMEI's TAC just beside it (its sibling), and one whose first
/// 14 digits the page shows as a number of their own (its MEID). In a serial terminal, the AT
/// command asking a modem for its IMEI (`AT+CGSN`) labels the number it answers, as does the
/// answer's own prefix `+CGSN:` (``commandAnswers(_:)``). A CSV file's header names each row's
/// field in its place (``csvValues(_:)``). The plural `IMEIs:` names every value it lists on its
/// line (``Label/plural``), and a record's type line `Type: IMEI` the value field just under it
/// (``recordValue(under:lines:)``).
enum LineLabels {
    /// How far from a labelled IMEI (in line heights) a bare number sharing its TAC is its sibling.
    static let siblingReach = 6.0
    /// A label on its value's row stands with its centre within this many line heights of the
    /// value's, across the lines' direction.
    static let rowReach = 0.7
    /// A label just above its value stands at most this many line heights above it.
    static let aboveReach = 2.5
    /// A heading stands at most this many line heights above its value, ...
    static let headingReach = 9.0
    /// ... with at most this many plain lines between (no number, no other label).
    static let headingLinesBetween = 3
    /// A label above its value may start up to this many line heights left of the value.
    static let aboveLeftReach = 3.0
    /// What a label on the value's right (Arabic, Hebrew) costs beyond one on its left, in line
    /// heights: the left one wins a tie.
    static let rightSideCost = 0.5

    /// One labelled IMEI found among the lines.
    struct Found: Sendable, Hashable {
        var value: String
        var label: String
        var slot: Int?
        var softwareVersion: String?
        /// The line that holds the value.
        var box: Int
        /// The mean confidence of the value's digits (1 when the recogniser gave none).
        var confidence: Double
        /// The line that holds the label (nil for a sibling whose label was lost).
        var labelBox: Int?
        /// The lowest confidence of the value's digits (1 when the recogniser gave none).
        var lowest: Double = 1
        /// Each digit's confidence, in order (empty when the recogniser gave none).
        var digitConfidences: [Double] = []
        /// Whether the value passes the Luhn check: only those are IMEIs.
        var passesLuhn = true
        /// Where the value's digits stand in its line's text: the share of the text before the
        /// first and up to the last (the value's part of the line, when a label shares it).
        var share: ClosedRange<Double> = 0...1
    }

    /// Every labelled IMEI among `boxes`, top to bottom, the 14-digit MEID if one is labelled, and
    /// the labelled 15-digit values that fail the Luhn check (`failing`: a refusal to confirm).
    static func read(_ boxes: [TextBox]) -> (imeis: [Found], meid: String?, failing: [Found]) {
        let lines = deskewed(boxes)
        var found: [Found] = []
        var meid: String?
        var claimed = Set<Int>()
        // Label and value in one line.
        for (i, line) in lines.enumerated() {
            guard let label = line.label else { continue }
            if label.isMEID {
                if meid == nil, let run = line.runs.first(where: { $0.start >= label.end && $0.digits.count == 14 }) {
                    meid = run.digits
                }
                continue
            }
            guard let run = line.runs.first(where: { $0.start >= label.end && $0.digits.count >= 14 }),
                  label.wordsBefore(run, in: line.text) <= 2
            else { continue }
            claimed.insert(i)
            for run in label.plural ? listed(after: label, in: line) : [run] {
                if let f = accept(run, label: label, box: i, labelBox: i, line: line) { found.append(f) }
            }
        }
        // A record's type line (`Type: IMEI`) over its value field (`Value: 3569…`), just under
        // it and starting where it starts.
        for (i, line) in lines.enumerated() where line.isRecordType {
            guard let label = line.label, let v = recordValue(under: i, lines: lines), !claimed.contains(v),
                  let run = lines[v].keyedValue
            else { continue }
            claimed.formUnion([i, v])
            if let f = accept(run, label: label, box: v, labelBox: i, line: lines[v]) { found.append(f) }
        }
        // Values alone in their line, each with its nearest label line.
        let labels = lines.indices.filter { lines[$0].label.map { !$0.isMEID } == true && lines[$0].isShortPhrase && !claimed.contains($0) }
        var pairs: [(distance: Double, value: Int, label: Int)] = []
        for (v, line) in lines.enumerated() where !claimed.contains(v) && line.label == nil && line.isValueLine {
            for l in labels {
                if let d = distance(label: lines[l], value: line, index: (l, v), lines: lines) { pairs.append((d, v, l)) }
            }
        }
        var usedValues = Set<Int>(), usedLabels = Set<Int>()
        for pair in pairs.sorted(by: { $0.distance < $1.distance })
        where !usedValues.contains(pair.value) && !usedLabels.contains(pair.label) {
            usedValues.insert(pair.value)
            usedLabels.insert(pair.label)
            guard let label = lines[pair.label].label else { continue }
            for run in lines[pair.value].values {
                if let f = accept(run, label: label, box: pair.value, labelBox: pair.label, line: lines[pair.value]) { found.append(f) }
            }
        }
        // A table's column under its heading (a spreadsheet's `imei1`): a bare value line without
        // a label on its row, under an IMEI label that heads its column from a row of no numbers,
        // every line between over the column a value like it (blank cells allowed).
        let headings = lines.indices.filter { l in
            lines[l].label.map { !$0.isMEID } == true && lines[l].isShortPhrase && !lines[l].hasNumber
                && !rowHolds(l, lines: lines) { $0.hasNumber }
        }
        for (v, line) in lines.enumerated() where !claimed.contains(v) && !usedValues.contains(v) && line.label == nil && line.isValueLine {
            guard let l = heading(over: v, among: headings, lines: lines), let run = line.runs.first,
                  let label = lines[l].label
            else { continue }
            usedValues.insert(v)
            if let f = accept(run, label: label, box: v, labelBox: l, line: line) { found.append(f) }
        }
        // A modem's answer to the AT command asking for its IMEI (``commandAnswers(_:)``).
        for answer in commandAnswers(lines) where !claimed.contains(answer.value) && !usedValues.contains(answer.value) {
            usedValues.insert(answer.value)
            let label = Label(start: 0, end: 0, text: "IMEI", slot: nil, isMEID: false)
            if let f = accept(answer.run, label: label, box: answer.value, labelBox: answer.command, line: lines[answer.value]) { found.append(f) }
        }
        // A CSV file's rows under its header (``csvValues(_:)``).
        for cell in csvValues(lines) where !claimed.contains(cell.value) {
            usedValues.insert(cell.value)
            if let f = accept(cell.run, label: cell.label, box: cell.value, labelBox: cell.header, line: lines[cell.value]) { found.append(f) }
        }
        // Values whose label the recogniser lost, each a bare Luhn-valid value line: a second IMEI
        // just under or over a labelled IMEI in its column that shares its Type Allocation Code (a
        // dual-SIM device's two IMEIs do; eight digits in common by chance are one in a hundred
        // million); or an IMEI whose first 14 digits stand elsewhere on the page as a number of
        // their own (a device's MEID is its IMEI without the check digit; iOS shows both).
        let fourteen = Set(lines.flatMap { $0.runs.filter { $0.digits.count == 14 }.map(\.digits) })
        for (v, line) in lines.enumerated() where !claimed.contains(v) && !usedValues.contains(v) && line.label == nil && line.isValueLine {
            guard let run = line.runs.first, run.digits.count == 15, IMEI.isValid(run.digits),
                  !found.contains(where: { $0.value == run.digits })
            else { continue }
            let sibling = found.first { f in
                let l = lines[f.box], h = max(1, min(l.height, line.height))
                return f.passesLuhn && f.value.prefix(8) == run.digits.prefix(8)
                    && abs(l.centreY - line.centreY) <= siblingReach * h && l.left < line.right && l.right > line.left
            }
            guard sibling != nil || fourteen.contains(String(run.digits.prefix(14))) else { continue }
            let slot = sibling?.slot.map { 3 - $0 }
            let label = Label(start: 0, end: 0, text: slot.map { "IMEI\($0)" } ?? "IMEI", slot: slot, isMEID: false)
            if let f = accept(run, label: label, box: v, labelBox: nil, line: line) { found.append(f) }
        }
        var seen = Set<String>()
        let unique = found.sorted { lines[$0.box].top < lines[$1.box].top }.filter { seen.insert($0.value).inserted }
        return (unique.filter(\.passesLuhn), meid, unique.filter { !$0.passesLuhn })
    }

    /// The reading, when the run is shaped as an IMEI (``Found/passesLuhn`` says whether it is one):
    /// exactly 15 digits; or, after a label
    /// that states no slot, a lone `1` or `2` and then those 15 digits (`IMEI 2` cut in two
    /// lines, the slot digit glued to the value's).
    private static func accept(_ run: DigitRun, label: Label, box: Int, labelBox: Int?, line: Line) -> Found? {
        var run = run, label = label
        if run.digits.count == 16, label.slot == nil, let first = run.digits.first, first == "1" || first == "2",
           run.characterRange[1] > run.characterRange[0] + 1 {
            let slot = first == "1" ? 1 : 2
            label = Label(start: label.start, end: label.end, text: "IMEI\(slot)", slot: slot, isMEID: false)
            run = DigitRun(start: run.characterRange[1], characterRange: Array(run.characterRange.dropFirst()),
                           digits: String(run.digits.dropFirst()), softwareVersion: run.softwareVersion)
        }
        guard run.digits.count == 15 else { return nil }
        let conf = run.characterRange.compactMap { $0 < line.confidences.count ? line.confidences[$0] : nil }
        return Found(value: run.digits, label: label.text, slot: label.slot, softwareVersion: run.softwareVersion,
                     box: box, confidence: conf.isEmpty ? 1 : conf.reduce(0, +) / Double(conf.count), labelBox: labelBox,
                     lowest: conf.min() ?? 1, digitConfidences: conf.count == 15 ? conf : [], passesLuhn: IMEI.isValid(run.digits), share: share(of: run, in: line))
    }

    /// The values a plural label (``Label/plural``) lists on its line: every run after it of 15
    /// digits (or a slot digit and 15), none with a word naming another identifier before it
    /// (`IMSI`). Pure.
    private static func listed(after label: Label, in line: Line) -> [DigitRun] {
        line.runs.filter { run in
            run.start >= label.end && (15...16).contains(run.digits.count)
                && !String(line.text[label.end..<run.start]).split(whereSeparator: { !$0.isLetter }).contains {
                    IdentifierLabel.namesOtherIdentifier($0)
                }
        }
    }

    /// The share of `line`'s text before `run`'s first digit, and up to its last. Pure.
    private static func share(of run: DigitRun, in line: Line) -> ClosedRange<Double> {
        let count = Double(max(1, line.text.count))
        guard let first = run.characterRange.first, let last = run.characterRange.last else { return 0...1 }
        return Double(first) / count...Double(last + 1) / count
    }
}
