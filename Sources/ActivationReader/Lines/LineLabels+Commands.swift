import Foundation

extension LineLabels {
    // A modem's own answer: the AT command that asks for the IMEI labels the number it answers.

    /// How many lines under a command its answers may take (OK, ERROR or the next command ends
    /// them sooner).
    static let answerLines = 8

    /// The IMEI answers among `lines` (top to bottom): under a command line asking a modem for its
    /// IMEI (`AT+CGSN`, `AT+CGSN=0`, `AT+GSN`: 3GPP TS 27.007 and V.250's request for the product
    /// serial number, which a phone or module answers with its IMEI), its answer, a line that is
    /// one bare number. A serial terminal's log prefix stands before each line (a timestamp,
    /// `->`, a bracketed date): anything without letters. Commands chained on one line
    /// (`AT+CIMI;+CGSN`) answer one line each in their order, so the IMEI is the answer whose place
    /// is its command's; the command's answers end at `OK`, `ERROR` or the next command. A program
    /// talking to the modem (MicroPython's `lte.send_at_cmd("AT+CGSN")`, pyserial's
    /// `ser.write(b'AT+CGSN\r\n')`) sends the command as a string literal and prints the answer as
    /// one (`'\r\n354…\r\n\r\nOK\r\n'`): a literal's escaped line breaks part it into lines
    /// (``pieces(_:)``). Each answer's line and its command's line. Pure.
    static func commandAnswers(_ lines: [Line]) -> [(value: Int, command: Int, run: DigitRun)] {
        let order = lines.indices.sorted { lines[$0].centreY < lines[$1].centreY }
        let blank = lines.map { blanked($0.text) }
        let parts = order.flatMap { i in
            pieces(lines[i].text).map { range in
                let (start, said) = body(Array(blank[i][range]))
                let command = command(said: quotedCommand(Array(lines[i].text[range])) ?? said)
                return (line: i, range: range, start: range.lowerBound + start, said: said, command: command)
            }
        }
        var found: [(value: Int, command: Int, run: DigitRun)] = []
        for (n, part) in parts.enumerated() {
            guard let chain = part.command, let place = chain.firstIndex(where: asksForIMEI) else { continue }
            let command = lines[part.line]
            var answers: [Int] = []
            for a in parts.indices.dropFirst(n + 1).prefix(answerLines) {
                let line = lines[parts[a].line], said = parts[a].said
                guard line.left < command.right, line.right > command.left else { continue }
                if parts[a].command != nil || ["OK", "ERROR"].contains(said.uppercased()) { break }
                if !said.isEmpty { answers.append(a) }
            }
            guard place < answers.count else { continue }
            let answer = parts[answers[place]]
            let runs = digitRuns(blank[answer.line], from: answer.start, hex: false).filter { $0.start < answer.range.upperBound }
            guard runs.count == 1, let run = runs.first, run.digits.count == answer.said.filter(\.isNumber).count,
                  answer.said.allSatisfy({ $0.isNumber || $0 == " " || $0 == "\"" })
            else { continue }
            found.append((answer.line, part.line, run))
        }
        return found
    }

    /// A line's text parted at a string literal's escaped line breaks (`\r`, `\n`): each part's
    /// range; the whole line when it holds none. Pure.
    static func pieces(_ text: [Character]) -> [Range<Int>] {
        var ranges: [Range<Int>] = [], from = 0, i = 0
        while i + 1 < text.count {
            if text[i] == "\\", text[i + 1] == "r" || text[i + 1] == "n" {
                if i > from { ranges.append(from..<i) }
                i += 2
                from = i
            } else {
                i += 1
            }
        }
        if from < text.count || ranges.isEmpty { ranges.append(from..<text.count) }
        return ranges
    }

    /// `text` with a string literal's marks turned to spaces, each character in its place: its
    /// escapes (`\r`, `\n`, `\t`), its single quotes and a bytes literal's `b` before one. Pure.
    static func blanked(_ text: [Character]) -> [Character] {
        var out = text
        for i in text.indices {
            if text[i] == "'" {
                out[i] = " "
                if i > 0, text[i - 1] == "b", i == 1 || !text[i - 2].isLetter { out[i - 1] = " " }
            } else if text[i] == "\\", i + 1 < text.count, "rnt".contains(text[i + 1]) {
                out[i] = " "
                out[i + 1] = " "
            }
        }
        return out
    }

    /// The AT command a line of code sends as a string literal (`lte.send_at_cmd("AT+CGSN")`,
    /// `b'AT+CGSN` before an escape), or nil: the literal's text up to its closing quote. Pure.
    static func quotedCommand(_ text: [Character]) -> String? {
        for i in text.indices where text[i] == "\"" || text[i] == "'" {
            guard i + 2 < text.count, text[i + 1] == "A" || text[i + 1] == "a", text[i + 2] == "T" || text[i + 2] == "t" else { continue }
            let rest = text[(i + 1)...]
            return String(rest.prefix { $0 != text[i] && $0 != "\\" })
        }
        return nil
    }

    /// The answer's own label: `+CGSN:` (what `AT+CGSN=1` answers before the IMEI) at `start`
    /// in `upper`; where it ends. Pure.
    static func answerLabel(_ upper: [Character], at start: Int) -> Int? {
        let name = Array("+CGSN")
        guard start + name.count < upper.count, Array(upper[start..<(start + name.count)]) == name else { return nil }
        var i = start + name.count
        while i < upper.count, upper[i] == " " { i += 1 }
        return i < upper.count && upper[i] == ":" ? i + 1 : nil
    }

    /// The commands of an AT command line (`AT+CIMI;+CGSN` → `+CIMI`, `+CGSN`; `AT` → none),
    /// uppercased, or nil when the line's text after its log prefix (``body(_:)``) is not one.
    static func command(said: String) -> [String]? {
        let said = said.uppercased()
        // `AT`, then a command: `+CGSN`, `&F`, `%XCBAND`; or a basic one as short as `ATI`, `ATE0`.
        guard said.hasPrefix("AT"), said.count <= 5 || said.dropFirst(2).first.map({ !$0.isLetter }) == true else { return nil }
        return said.dropFirst(2).split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Whether one chained command asks for the IMEI: `+CGSN` (bare, `=0` or `=1`) or `+GSN`;
    /// not the test form (`=?`) nor `+CGSN=2` (the IMEISV) or `=3` (the software version).
    static func asksForIMEI(_ command: String) -> Bool {
        ["+CGSN", "+CGSN=0", "+CGSN=1", "+GSN"].contains(command.replacingOccurrences(of: " ", with: ""))
    }

    /// A terminal line's text after its log prefix (what stands before it without letters, or
    /// only within square brackets: a timestamp, `->`, a log's `[接收]`), trimmed, and where it
    /// starts. A line without letters says a number only when its last digit run ends it, after a
    /// space, `>`, `]` or a quote (`14:57:12.641 ->` and `[…15.363]` say nothing). Pure.
    static func body(_ text: [Character]) -> (start: Int, said: String) {
        var depth = 0
        for (i, ch) in text.enumerated() {
            if ch == "[" { depth += 1 } else if ch == "]" { depth = max(0, depth - 1) } else if depth == 0, ch.isLetter {
                return (i, String(text[i...]).trimmingCharacters(in: .whitespaces))
            }
        }
        guard let run = digitRuns(text, from: 0, hex: false).last, let last = run.characterRange.last else { return (text.count, "") }
        let before = run.start > 0 ? text[run.start - 1] : " "
        guard text[(last + 1)...].allSatisfy({ $0 == " " || $0 == "\"" }), " >]\"".contains(before) else { return (text.count, "") }
        let start = before == "\"" ? run.start - 1 : run.start
        return (start, String(text[start...]).trimmingCharacters(in: .whitespaces))
    }
}
