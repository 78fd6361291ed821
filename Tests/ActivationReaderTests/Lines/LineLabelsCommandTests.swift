@testable import ActivationReader
@testable import ActivationVision
import Testing

/// A terminal's text line `text` at row `row` (30 px apart), as the recogniser gives it.
private func row(_ text: String, _ row: Int, x: Double = 20) -> TextBox {
    let y = 40 + Double(row) * 30, width = Double(text.count) * 11
    return TextBox(text: text, corners: [x, y, x + width, y, x + width, y + 22, x, y + 22])
}

/// The IMEI that a modem answers to `AT+CGSN` (``LineLabels/commandAnswers(_:)``). The values
/// are made up: a Luhn-valid IMEI and a Luhn-valid IMSI (`samples/layouts` at_chain, at_log,
/// at_response).
@Suite struct LineLabelsCommandTests {
    static let imei = "358400123456782"
    static let imsi = "310260000000016"

    @Test func theAnswerToAT_CGSNIsAnIMEI() {
        let lines = [row("AT+CGSN", 0), row(Self.imei, 1), row("OK", 2)]
        let found = LineLabels.read(lines)
        #expect(found.imeis.map(\.value) == [Self.imei])
        #expect(found.imeis.first?.label == "IMEI")
    }

    @Test func chainedCommandsAnswerInTheirOrder() {
        // `AT+CIMI;+CGSN`: the IMSI first (here Luhn-valid), then the IMEI; timestamps before each line.
        let stamp = "15:35:39.932 -> "
        let lines = [row(stamp + "AT+CIMI;+CGSN", 0), row(stamp + Self.imsi, 1), row(stamp, 2), row(stamp + Self.imei, 3),
                     row(stamp, 4), row(stamp + "OK", 5)]
        #expect(LineLabels.read(lines).imeis.map(\.value) == [Self.imei])
        // The IMSI's command alone labels nothing, however Luhn-valid its answer.
        #expect(LineLabels.read([row(stamp + "AT+CIMI", 0), row(stamp + Self.imsi, 1), row(stamp + "OK", 2)]).imeis.isEmpty)
        // A chain whose IMSI line was lost answers nothing rather than the IMSI's place.
        #expect(LineLabels.read([row(stamp + "AT+CGSN;+CIMI", 0), row(stamp + Self.imsi, 1)]).imeis.isEmpty)
    }

    @Test func anErrorOrTheNextCommandEndsTheAnswers() {
        let lines = [row("[2024-10-08 17:01:15.363] AT+CGSN", 0), row("[2024-10-08 17:01:15.363]", 1),
                     row("[2024-10-08 17:01:15.363] ERROR", 2), row("[2024-10-08 17:01:16.001] AT+CIMI", 3),
                     row("[2024-10-08 17:01:16.001] " + Self.imsi, 4)]
        #expect(LineLabels.read(lines).imeis.isEmpty)
    }

    @Test func aBracketedLogsBlankLinesSayNothing() {
        let lines = [row("[2024-10-08 17:01:15.363] AT+CGSN", 0), row("[2024-10-08 17:01:15.363]", 1),
                     row("[2024-10-08 17:01:15.363] " + Self.imei, 2), row("[2024-10-08 17:01:15.363] OK", 3)]
        #expect(LineLabels.read(lines).imeis.map(\.value) == [Self.imei])
        #expect(LineLabels.body(Array("[2024-10-08 17:01:15.363]")).said.isEmpty)
        #expect(LineLabels.body(Array("14:57:12.641 ->")).said.isEmpty)
    }

    @Test func theIMEISVAndTheTestFormAreNotTheIMEIsRequest() {
        #expect(LineLabels.asksForIMEI("+CGSN") && LineLabels.asksForIMEI("+CGSN=1") && LineLabels.asksForIMEI("+GSN"))
        #expect(!LineLabels.asksForIMEI("+CGSN=2") && !LineLabels.asksForIMEI("+CGSN=?") && !LineLabels.asksForIMEI("+CIMI"))
        #expect(LineLabels.read([row("AT+CGSN=2", 0), row(Self.imei, 1)]).imeis.isEmpty)
    }

    @Test func theAnswersOwnPrefixLabelsItsValue() {
        let found = LineLabels.read([row("AT+CGSN=1", 0), row("+CGSN: \"\(Self.imei)\"", 1), row("OK", 2)])
        #expect(found.imeis.map(\.value) == [Self.imei])
        // A value that fails the Luhn check is a refusal, as under any label.
        let edited = String(Self.imei.dropLast()) + "3"
        #expect(LineLabels.read([row("AT+CGSN", 0), row(edited, 1)]).failing.map(\.value) == [edited])
    }

    @Test func aProgramsStringLiteralsCarryTheCommandAndItsAnswer() {
        // MicroPython's REPL: the command in a call, the answer printed as a literal with escapes.
        let repl = [row(">>> lte.send_at_cmd(\"AT+CIMI\")", 0), row("'\\r\\n\(Self.imsi)\\r\\n\\r\\nOK\\r\\n'", 1),
                    row(">>> lte.send_at_cmd(\"AT+CGSN\")", 2), row("'\\r\\n\(Self.imei)\\r\\n\\r\\n0K\\r\\n'", 3)]
        #expect(LineLabels.read(repl).imeis.map(\.value) == [Self.imei])
        // pyserial's bytes, the modem's echo of the command inside the answer's literal.
        let serial = [row(">>> ser.write(b'AT+CGSN\\r\\n')", 0), row("b'AT+CGSN\\r\\r\\n\(Self.imei)\\r\\n\\r\\nOK\\r\\n'", 1)]
        #expect(LineLabels.read(serial).imeis.map(\.value) == [Self.imei])
        // The IMSI's command in a call labels nothing; a literal holding more than the number is no answer.
        #expect(LineLabels.read(Array(repl.prefix(2))).imeis.isEmpty)
        #expect(LineLabels.read([row("lte.send_at_cmd(\"AT+CGSN\")", 0), row("'\\r\\nIMSI \(Self.imei) 7\\r\\n'", 1)]).imeis.isEmpty)
        #expect(LineLabels.pieces(Array("'\\r\\n123\\r\\n'")) == [0..<1, 5..<8, 12..<13])
        #expect(LineLabels.quotedCommand(Array("print(\"ATTENTION\")")) == "ATTENTION")
        #expect(LineLabels.command(said: "ATTENTION") == nil)
    }
}
