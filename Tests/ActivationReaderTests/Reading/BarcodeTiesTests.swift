@testable import ActivationPipeline
@testable import ActivationReader
@testable import ActivationVision
import Testing

@Suite struct BarcodeTiesTests {
    /// Two IMEI lines, each with its barcode just under it (a box label's left column).
    static let lines = [
        BarcodeTies.Line(box: PixelRect(x: 100, y: 100, width: 300, height: 20), text: "352099001761481", accepts: { IMEI.isValid($0) }),
        BarcodeTies.Line(box: PixelRect(x: 100, y: 200, width: 300, height: 20), text: "490154203237518", accepts: { IMEI.isValid($0) }),
    ]

    @Test func eachBarcodeGoesToTheLineItStandsUnder() {
        let codes = [
            Barcode(text: "490154203237518", box: PixelRect(x: 100, y: 230, width: 300, height: 40)),
            Barcode(text: "352099001761481", box: PixelRect(x: 100, y: 130, width: 300, height: 40)),
        ]
        #expect(BarcodeTies.tie(Self.lines, codes) == [1, 0])
    }

    @Test func aDisagreeingBarcodeGoesToTheNearestLineThatTakesIt() {
        // The first line's OCR misread a digit; its barcode is Luhn-valid and stands under it.
        var lines = Self.lines
        lines[0].text = "352099001761431"
        let codes = [
            Barcode(text: "352099001761481", box: PixelRect(x: 100, y: 130, width: 300, height: 40)),
            Barcode(text: "490154203237518", box: PixelRect(x: 100, y: 230, width: 300, height: 40)),
        ]
        #expect(BarcodeTies.tie(lines, codes) == [0, 1])
        // A line that takes no such value keeps none.
        lines[0].accepts = { _ in false }
        #expect(BarcodeTies.tie(lines, codes) == [nil, 1])
    }

    @Test func aDisagreeingBarcodeMustStandRightByItsLine() {
        // The first line's own barcode did not decode; the second line's, three heights under
        // it, is Luhn-valid but not the first line's.
        let lines = [Self.lines[0]]
        let next = Barcode(text: "490154203237518", box: PixelRect(x: 100, y: 165, width: 300, height: 40))
        #expect(BarcodeTies.tie(lines, [next]) == [nil])
    }

    @Test func aBarcodeFarFromEveryLineIsNobodys() {
        let far = Barcode(text: "352099001761481", box: PixelRect(x: 100, y: 900, width: 300, height: 40))
        #expect(BarcodeTies.tie(Self.lines, [far]) == [nil, nil])
        #expect(BarcodeTies.distance(PixelRect(x: 0, y: 0, width: 100, height: 20), PixelRect(x: 120, y: 0, width: 200, height: 40)) != nil, "beside")
    }
}
