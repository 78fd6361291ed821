import ActivationPipeline
import ActivationVision
import Foundation

extension LineLabels {
    /// A line turned back by the page's skew, with its label and digit runs.
    struct Line {
        let text: [Character]
        let confidences: [Double]
        let left, right, top, bottom: Double
        let label: Label?
        let runs: [DigitRun]
        /// The line's own direction (radians, in the page's pixels) and its centre there.
        let angle: Double?
        let centre: (x: Double, y: Double)

        var height: Double { bottom - top }
        var centreY: Double { (top + bottom) / 2 }

        /// A label line says little else: at most three other words, no sentence.
        var isShortPhrase: Bool {
            guard let label else { return false }
            let rest = String(text[..<label.start]) + " " + String(text[label.end...])
            let words = rest.split { !$0.isLetter && !$0.isNumber }.filter { w in !w.allSatisfy(\.isNumber) }
            return words.count <= 3 && !text.contains(where: { ",?!".contains($0) })
        }

        /// The line is a value: one digit run and little else (a software version, punctuation),
        /// or a list of them (``isList``).
        var isValueLine: Bool {
            guard runs.count == 1, let run = runs.first else { return isList }
            let others = text.enumerated().filter { i, c in !run.characterRange.contains(i) && !c.isWhitespace }
            return others.count <= 4 && !others.contains { $0.element.isLetter }
        }

        /// The line is a list of values, separated by `;` or `,` and nothing else (a field that
        /// holds a dual-SIM phone's IMEIs, `3576…565;3531`, its last entry maybe cut off by the
        /// field's edge), the first one 15 digits. Measured: `samples/layouts` firmware_fields
        /// 0/2 → 2/2, and the real-world set's firmware downloader (146). Pure.
        var isList: Bool {
            guard runs.count > 1, runs[0].digits.count == 15 else { return false }
            let inRuns = Set(runs.flatMap(\.characterRange))
            return text.indices.allSatisfy { inRuns.contains($0) || ";, ".contains(text[$0]) }
        }

        /// The values the line holds: each entry of a list, else its first run.
        var values: [DigitRun] { isList ? runs : Array(runs.prefix(1)) }

        /// The line names a record's type: one key word and a colon, then the IMEI label ending
        /// the line (`Type: IMEI`, `Тип: IMEI`); the record's value is the line under it
        /// (``keyedValue``).
        var isRecordType: Bool {
            guard let label, !label.isMEID, !label.plural,
                  text[label.end...].allSatisfy({ $0.isWhitespace || $0 == ":" }) else { return false }
            return Self.isKey(String(text[..<label.start]))
        }

        /// A record's value field: one key word and a colon, then one 15-digit run and nothing
        /// else (`Value: 3569…`, `Значение: 3569…`), the key naming no other identifier
        /// (`IMSI:`); the run, or nil.
        var keyedValue: DigitRun? {
            guard label == nil, runs.count == 1, let run = runs.first, run.digits.count == 15,
                  let last = run.characterRange.last else { return nil }
            let key = String(text[..<run.start])
            guard Self.isKey(key), !IdentifierLabel.namesOtherIdentifier(key),
                  text[(last + 1)...].allSatisfy({ $0.isWhitespace || ".,;".contains($0) }) else { return nil }
            return run
        }

        /// Whether `text` is a record's key: one word of two letters or more and a colon after it,
        /// spaces around. A digit inside counts as a letter OCR misread (`3начение` read
        /// `3HayeHnue`). Pure.
        static func isKey(_ text: String) -> Bool {
            let key = text.trimmingCharacters(in: .whitespaces)
            guard key.hasSuffix(":") else { return false }
            let word = key.dropLast()
            return word.filter(\.isLetter).count >= 2 && word.allSatisfy { $0.isLetter || $0.isNumber }
        }

        /// A digit run of six or more: a number that could be another line's value.
        var hasNumber: Bool { runs.contains { $0.digits.count >= 6 } }

        /// No other line stands on this line's row.
        func isAlone(among lines: [Line], at index: Int) -> Bool {
            !lines.indices.contains { i in
                i != index && abs(lines[i].centreY - centreY) <= 0.5 * height
            }
        }
    }

    /// A label inside a line's text.
    struct Label {
        let start: Int, end: Int
        let text: String
        let slot: Int?
        let isMEID: Bool
        /// The plural `IMEIs:`, keying every 15-digit value after it on its line (a list, its
        /// entries maybe quoted or keyed: `[{'second': '3519…', …}, …]`).
        var plural = false

        /// Words between the label and `run`.
        func wordsBefore(_ run: DigitRun, in text: [Character]) -> Int {
            String(text[end..<run.start]).split { !$0.isLetter }.count
        }
    }

    /// Digits and single spaces between groups, then an optional `/NN`.
    struct DigitRun {
        let start: Int
        let characterRange: [Int]
        let digits: String
        let softwareVersion: String?
    }

    static func deskewed(_ boxes: [TextBox]) -> [Line] {
        let angles = boxes.compactMap { direction($0, longerBy: 2) }.sorted()
        let skew = angles.isEmpty ? 0 : angles[angles.count / 2]
        let c = cos(-skew), s = sin(-skew)
        return boxes.map { b in
            var xs: [Double] = [], ys: [Double] = []
            for i in stride(from: 0, to: b.corners.count - 1, by: 2) {
                let x = b.corners[i], y = b.corners[i + 1]
                xs.append(x * c - y * s)
                ys.append(x * s + y * c)
            }
            let text = Array(b.text)
            let label = findLabel(text)
            let angle = direction(b, longerBy: 1.5)
            let cx = stride(from: 0, to: b.corners.count, by: 2).map { b.corners[$0] }.reduce(0, +) / 4
            let cy = stride(from: 1, to: b.corners.count, by: 2).map { b.corners[$0] }.reduce(0, +) / 4
            return Line(text: text, confidences: b.confidences, left: xs.min() ?? 0, right: xs.max() ?? 0,
                        top: ys.min() ?? 0, bottom: ys.max() ?? 0, label: label,
                        runs: digitRuns(text, from: label.map { $0.isMEID ? 0 : $0.end } ?? 0, hex: label?.isMEID == true),
                        angle: angle, centre: (cx, cy))
        }
    }

    /// The direction (radians, in the page's pixels) of `b`'s top edge, from its text's top-left
    /// corner: the way the line reads, upright, tilted or turned a quarter. Nil when that edge is
    /// not `ratio` times longer than the left one (a short word says nothing of the page's skew).
    static func direction(_ b: TextBox, longerBy ratio: Double) -> Double? {
        guard b.corners.count == 8 else { return nil }
        let dx = b.corners[2] - b.corners[0], dy = b.corners[3] - b.corners[1]
        let h = hypot(b.corners[6] - b.corners[0], b.corners[7] - b.corners[1])
        return hypot(dx, dy) > ratio * max(h, 1) ? atan2(dy, dx) : nil
    }
}
