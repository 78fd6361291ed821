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
    /// is its command's; the command's answers end at `OK`, `ERROR` or the next command. Each
    /// answer's line and its command's line. Pure.
    static func commandAnswers(_ lines: [Line]) -> [(value: Int, command: Int, run: DigitRun)] {
        let order = lines.indices.sorted { lines[$0].centreY < lines[$1].centreY }
        let bodies = lines.map { body($0.text) }, commands = bodies.map { command(said: $0.said) }
        var found: [(value: Int, command: Int, run: DigitRun)] = []
        for (n, c) in order.enumerated() {
            guard let chain = commands[c], let place = chain.firstIndex(where: asksForIMEI) else { continue }
            let command = lines[c]
            var answers: [Int] = []
            for i in order.dropFirst(n + 1).prefix(answerLines) {
                let line = lines[i], said = bodies[i].said
                guard line.left < command.right, line.right > command.left else { continue }
                if commands[i] != nil || ["OK", "ERROR"].contains(said.uppercased()) { break }
                if !said.isEmpty { answers.append(i) }
            }
            guard place < answers.count else { continue }
            let answer = answers[place]
            let (start, said) = bodies[answer]
            let runs = digitRuns(lines[answer].text, from: start, hex: false)
            guard runs.count == 1, let run = runs.first, run.digits.count == said.filter(\.isNumber).count,
                  said.allSatisfy({ $0.isNumber || $0 == " " || $0 == "\"" })
            else { continue }
            found.append((answer, c, run))
        }
        return found
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
