@testable import ActivationReader
@testable import ActivationVision
import Testing

/// A text editor's line `text` at row `row` (26 px apart).
private func row(_ text: String, _ row: Int) -> TextBox {
    let y = 40 + Double(row) * 26, width = Double(text.count) * 10
    return TextBox(text: text, corners: [10, y, 10 + width, y, 10 + width, y + 20, 10, y + 20])
}

/// A CSV file's header names each row's field by its place (``LineLabels/csvValues(_:)``,
/// `samples/layouts` csv_editor). The values are made up and Luhn-valid.
@Suite struct LineLabelsCSVTests {
    static let a = "358400123456782", b = "490154203237518", imsi = "310260000000016"

    @Test func aHeadersIMEINamesTakeTheirFieldInEveryRow() {
        let found = LineLabels.read([row("imei1,imei2,serialnumber", 0), row("\(Self.a),\(Self.b),dc867a", 1),
                                     row("\(Self.b),\(Self.a),8ddf69c", 2)])
        #expect(Set(found.imeis.map(\.value)) == [Self.a, Self.b])
        #expect(found.imeis.contains { $0.value == Self.a && $0.slot == 1 })
    }

    @Test func otherColumnsAndRowsOfAnotherShapeAreNotTaken() {
        // An IMSI column passing Luhn is not an IMEI column.
        #expect(LineLabels.read([row("imsi,iccid,serialnumber", 0), row("\(Self.imsi),8986041234567890123,dc867a", 1)]).imeis.isEmpty)
        // A row with fewer fields ends the table.
        #expect(LineLabels.read([row("imei,serialnumber", 0), row("total: 2", 1), row("\(Self.a),dc867a", 2)]).imeis.isEmpty)
        // A header name that only mentions an IMEI is no column name.
        #expect(LineLabels.read([row("imei of the phone,serial", 0), row("\(Self.a),dc867a", 1)]).imeis.isEmpty)
    }

    @Test func quotedFieldsAndSemicolonsToo() {
        let found = LineLabels.read([row("\"IMEI\";\"Serial\"", 0), row("\"\(Self.a)\";\"R58M12\"", 1)])
        #expect(found.imeis.map(\.value) == [Self.a])
    }
}
