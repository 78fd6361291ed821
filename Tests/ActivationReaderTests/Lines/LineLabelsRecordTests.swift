@testable import ActivationReader
@testable import ActivationVision
import Testing

/// A line `text` at row `row` (26 px apart), starting `indent` px right of the others.
private func row(_ text: String, _ row: Int, indent: Double = 0) -> TextBox {
    let x = 10 + indent, y = 40 + Double(row) * 26, width = Double(text.count) * 10
    return TextBox(text: text, corners: [x, y, x + width, y, x + width, y + 20, x, y + 20])
}

/// Two layouts where the IMEI label is not a value's own key (`samples/layouts` report_list and
/// type_value): the plural `IMEIs:` listing both slots' values on its line, and a record whose
/// type line says `IMEI` over a value field with a key of its own. The values are made up: two
/// Luhn-valid IMEIs and a Luhn-valid IMSI.
@Suite struct LineLabelsRecordTests {
    static let a = "358400123456782", b = "490154203237518", imsi = "310260000000016"

    @Test func thePluralLabelKeysEveryValueItLists() {
        let dicts = "IMEIs: [{'second': '\(Self.a)', 'first': '1:kOne'}, {'second': '\(Self.b)', 'first': '2:kTwo'}] (Source: deviceDatam)"
        #expect(LineLabels.read([row(dicts, 0)]).imeis.map(\.value) == [Self.a, Self.b])
        #expect(LineLabels.read([row("IMEls: [\"\(Self.a)\", \"\(Self.b)\"]", 0)]).imeis.map(\.value) == [Self.a, Self.b])
        // A Luhn-failing entry is refused, the other kept.
        let edited = "358400123456783"
        let found = LineLabels.read([row("IMEIs: \(edited), \(Self.b)", 0)])
        #expect(found.imeis.map(\.value) == [Self.b] && found.failing.map(\.value) == [edited])
    }

    @Test func thePluralLabelTakesNoOtherIdentifiersValue() {
        #expect(LineLabels.read([row("IMEIs: \(Self.a); IMSI: \(Self.imsi)", 0)]).imeis.map(\.value) == [Self.a])
        #expect(LineLabels.read([row("IMSIs: [\(Self.imsi)]", 0)]).imeis.isEmpty)
        // A word that only starts like the plural is none.
        #expect(LineLabels.read([row("IMEISV: \(Self.imsi)", 0)]).imeis.isEmpty)
    }

    @Test func aRecordsTypeLineNamesTheValueFieldUnderIt() {
        let found = LineLabels.read([row("Type: IMSI", 0), row("Value: \(Self.imsi)", 1), row("Time: May 18, 2025", 2),
                                     row("Type: IMEI", 3), row("Value: \(Self.a)", 4), row("Result: TAC(tac=35840012)", 5)])
        #expect(found.imeis.map(\.value) == [Self.a])
        // OCR reads a Cyrillic key's first letter as a digit (`Значение` as `3HayeHnue`).
        #expect(LineLabels.read([row("Tun: IMEI", 0), row("3HayeHnue: \(Self.b)", 1)]).imeis.map(\.value) == [Self.b])
    }

    @Test func aRecordsValueMustBeJustUnderItsTypeAndKeyedByNoOtherIdentifier() {
        #expect(LineLabels.read([row("Type: IMEI", 0), row("IMSI: \(Self.imsi)", 1)]).imeis.isEmpty)
        #expect(LineLabels.read([row("Type: IMEI", 0), row("Time: May 18, 2025", 1), row("Note: none", 2),
                                 row("Value: \(Self.a)", 3)]).imeis.isEmpty, "not just under it")
        #expect(LineLabels.read([row("Type: IMEI", 0), row("Value: \(Self.a)", 1, indent: 200)]).imeis.isEmpty, "not aligned")
        #expect(LineLabels.read([row("Type: IMEI", 0), row("Value: \(Self.a) (sent)", 1)]).imeis.isEmpty, "more after it")
    }
}
