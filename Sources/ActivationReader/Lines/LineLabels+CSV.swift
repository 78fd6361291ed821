import Foundation

extension LineLabels {
    // A CSV file shown as text: its header names each row's fields by their place.

    /// The IMEIs of CSV rows among `lines` (top to bottom): under a header line of two or more
    /// fields split by commas (or semicolons) that names one or more of them with an IMEI label
    /// alone (`imei1,imei2,serialnumber`), each following line with as many fields, up to the first
    /// that has not, gives the field in an IMEI name's place as that label's value (quotes around
    /// it allowed). Each value's line, its header's line, the header's label for it and the run.
    /// Pure.
    static func csvValues(_ lines: [Line]) -> [(value: Int, header: Int, label: Label, run: DigitRun)] {
        let quotes = CharacterSet(charactersIn: " \"'")
        let order = lines.indices.sorted { lines[$0].centreY < lines[$1].centreY }
        var found: [(value: Int, header: Int, label: Label, run: DigitRun)] = []
        var n = 0
        while n < order.count {
            let header = order[n]
            n += 1
            let names = fields(lines[header].text)
            guard names.count >= 2, !lines[header].hasNumber else { continue }
            let labels = names.map { field -> Label? in
                let text = Array(field.text.trimmingCharacters(in: quotes))
                guard let label = findLabel(text), !label.isMEID, label.start == 0, label.end == text.count else { return nil }
                return label
            }
            guard labels.contains(where: { $0 != nil }) else { continue }
            while n < order.count {
                let row = order[n], cells = fields(lines[row].text)
                guard cells.count == names.count else { break }
                n += 1
                for (label, cell) in zip(labels, cells) {
                    guard let label else { continue }
                    let runs = digitRuns(lines[row].text, from: cell.start, hex: false).filter { $0.start < cell.end }
                    let said = cell.text.trimmingCharacters(in: quotes)
                    guard runs.count == 1, let run = runs.first, run.digits == said else { continue }
                    found.append((row, header, label, run))
                }
            }
        }
        return found
    }

    /// The fields of a CSV line split at commas or semicolons (whichever it holds more of), each
    /// with where it starts and ends in the line's text. Pure.
    static func fields(_ text: [Character]) -> [(start: Int, end: Int, text: String)] {
        let separator: Character = text.filter { $0 == ";" }.count > text.filter { $0 == "," }.count ? ";" : ","
        var out: [(start: Int, end: Int, text: String)] = []
        var start = 0
        for (i, ch) in text.enumerated() where ch == separator {
            out.append((start, i, String(text[start..<i])))
            start = i + 1
        }
        out.append((start, text.count, String(text[start...])))
        return out
    }
}
