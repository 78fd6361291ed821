@testable import ActivationReader
@testable import ActivationVision
import Testing

/// A text line at (x, y), `width` wide and 30 tall, as the deep recogniser gives it.
private func line(_ text: String, x: Double, y: Double, width: Double) -> TextBox {
    TextBox(text: text, corners: [x, y, x + width, y, x + width, y + 30, x, y + 30])
}

@Suite struct BoxLabelFieldsTests {
    @Test func aSerialAndAnEIDAfterTheirLabels() {
        let fields = BoxLabelFields.read([
            line("(S) Serial No. 84H1G87XFR7V", x: 40, y: 100, width: 400),
            line("(1P) Part No. MLPF3ZD/A", x: 40, y: 200, width: 400),
            line("EID 89049032 624609 4963525057 63520976", x: 40, y: 300, width: 600),
        ])
        #expect(fields.map(\.kind) == [.serialNumber, .eid])
        #expect(fields.map(\.value) == ["84H1G87XFR7V", "89049032624609496352505763520976"])
    }

    @Test func everySpellingOfTheSerialsLabel() {
        for text in ["S/N: R52M58FX5BT", "SN R52M58FX5BT", "S/N:R52M58FX5BT", "Serial Number R52M58FX5BT", "SN: R52M58FX5BT"] {
            #expect(BoxLabelFields.read([line(text, x: 40, y: 100, width: 300)]).map(\.value) == ["R52M58FX5BT"], "\(text)")
        }
    }

    @Test func aValueInALineOfItsOwnBesideOrBelow() {
        let beside = BoxLabelFields.read([line("S/N:", x: 40, y: 100, width: 60), line("53626/8BADFACE", x: 120, y: 102, width: 250)])
        #expect(beside.map(\.value) == ["53626/8BADFACE"])
        let below = BoxLabelFields.read([line("EID", x: 40, y: 100, width: 60), line("89049032624609496352505763520976", x: 40, y: 140, width: 600)])
        #expect(below.map(\.value) == ["89049032624609496352505763520976"])
    }

    @Test func otherLinesAreNoField() {
        let fields = BoxLabelFields.read([
            line("Model: 23021RAAEG Onyx Gray", x: 40, y: 100, width: 400),
            line("Order No. 490154203237518", x: 40, y: 200, width: 400),
            line("Snapdragon 8 Gen 2", x: 40, y: 300, width: 400),
            line("SN: ABCDEFG", x: 40, y: 400, width: 300),
            line("EID 8904903262460949", x: 40, y: 500, width: 300),
        ])
        #expect(fields.isEmpty)
    }
}
