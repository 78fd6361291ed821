@testable import ActivationReader
@testable import ActivationVision
import Testing

/// Glyph boxes of capitals as a page's connected components give them: `I` is a thin bar,
/// `M` and `E` wide; `h` tall, on the baseline `y + h`.
private func word(_ shapes: String, x: Int, y: Int, h: Int = 20, slope: Double = 0) -> [PixelRect] {
    var boxes: [PixelRect] = [], cursor = x
    for c in shapes {
        let width = c == "I" ? h / 5 : c == "M" ? h * 9 / 10 : h * 3 / 4
        boxes.append(PixelRect(x: cursor, y: y + Int(Double(cursor - x) * slope), width: width, height: h))
        cursor += width + h / 5
    }
    return boxes
}

/// A line of `count` digit-like glyphs.
private func digits(_ count: Int, x: Int, y: Int, h: Int = 20, slope: Double = 0) -> [PixelRect] {
    (0..<count).map { PixelRect(x: x + $0 * 14, y: y + Int(Double($0 * 14) * slope), width: 11, height: h) }
}

@Suite struct LabelShapesTests {
    @Test func anIMEILabelIsALabelShape() throws {
        let boxes = word("IMEI", x: 40, y: 300) + digits(15, x: 140, y: 300)
        let words = LabelShapes.words(glyphs: boxes, pageHeight: 1600)
        let label = try #require(words.first)
        #expect(words.count == 1)
        #expect(label.x == 40 && label.y == 300)
    }

    @Test func aMEIDLabelIsALabelShape() {
        #expect(LabelShapes.words(glyphs: word("MEID", x: 40, y: 300), pageHeight: 1600).count == 1)
    }

    @Test func lowercaseTextIsNotALabel() {
        // `Imei` in a sentence: a taller glyph (an `l`, a capital) on the word's baseline.
        let small = word("IMEI", x: 40, y: 306, h: 14)
        let tall = PixelRect(x: 30, y: 300, width: 4, height: 20)
        #expect(LabelShapes.words(glyphs: small + [tall], pageHeight: 1600).isEmpty)
    }

    @Test func aWordGluedToTheOneBeforeIsNotALabel() {
        let before = PixelRect(x: 30, y: 300, width: 12, height: 20)
        #expect(LabelShapes.words(glyphs: [before] + word("IMEI", x: 44, y: 300), pageHeight: 1600).isEmpty)
    }

    @Test func levelLinesOfTextAreLegible() {
        let page = (0..<6).flatMap { digits(16, x: 40, y: 200 + $0 * 60) }
        #expect(LabelShapes.legible(pieces: page, glyphs: page, pageHeight: 1600))
    }

    @Test func textStandingAskewIsNot() throws {
        let page = (0..<6).flatMap { digits(16, x: 40, y: 200 + $0 * 60, slope: 0.03) }
        let tilt = try #require(LabelShapes.tilt(glyphs: page, pageHeight: 1600))
        #expect(abs(tilt - 0.03) < 0.01)
        #expect(!LabelShapes.legible(pieces: page, glyphs: page, pageHeight: 1600))
    }

    @Test func scatteredGlyphsAreNot() {
        let scattered = (0..<40).map { PixelRect(x: 40 + ($0 % 5) * 90, y: 100 + $0 * 35, width: 11, height: 20) }
        #expect(LabelShapes.horizontalShare(glyphs: scattered, pageHeight: 1800) < 0.1)
        #expect(!LabelShapes.legible(pieces: scattered, glyphs: scattered, pageHeight: 1800))
    }

    @Test func aBarcodeMakesAPageIllegible() {
        let lines = (0..<6).flatMap { digits(16, x: 40, y: 200 + $0 * 60) }
        let bars = (0..<30).map { PixelRect(x: 40 + $0 * 7, y: 700, width: 3, height: 60) }
        #expect(LabelShapes.hasBarcode(pieces: bars))
        #expect(!LabelShapes.hasBarcode(pieces: Array(bars.prefix(8))))
        #expect(!LabelShapes.legible(pieces: lines + bars, glyphs: lines + bars, pageHeight: 1600))
    }

    /// A photo shrunk for reading runs neighbouring bars together: wider pieces of the bars'
    /// height carry the row on (a real 12-megapixel box label kept thin bars in runs of at most
    /// 7). A row of capitals and digits, as tall and aligned, holds too few thin glyphs.
    @Test func barsRunTogetherStillMakeABarcode() {
        var x = 40
        let bars = (0..<24).map { i -> PixelRect in
            let w = i % 3 == 2 ? 16 : 5
            defer { x += w + 6 }
            return PixelRect(x: x, y: 400, width: w, height: 37)
        }
        #expect(LabelShapes.hasBarcode(pieces: bars))
        let text = (0..<30).map { i in PixelRect(x: 40 + i * 16, y: 400, width: i % 4 == 0 ? 4 : 13, height: 28) }
        #expect(!LabelShapes.hasBarcode(pieces: text))
    }

    /// On a legible page a number has a band when a label-shaped word names it, or when it is as
    /// long as an IMEI (a grey label the glyph look misses may name it: `samples/layouts`); not a
    /// shorter unlabelled number (a phone number, a reference), nor an ICCID.
    @Test func onALegiblePageALabelledOrIMEILongNumberHasABand() {
        let label = word("IMEI", x: 40, y: 300)
        let boxes = label + digits(13, x: 140, y: 300) + digits(15, x: 140, y: 900) + digits(20, x: 140, y: 1200)
            + digits(13, x: 140, y: 600)
        let labels = LabelShapes.words(glyphs: boxes, pageHeight: 1600)
        let bands = NumberBands.bands(glyphs: boxes, pageHeight: 1600, labels: labels)
        #expect(bands.contains { $0.rows.contains(300) } && bands.contains { $0.rows.contains(900) })
        #expect(!bands.contains { $0.rows.contains(610) }, "13 digits without a label")
        #expect(!bands.contains { $0.rows.contains(1210) }, "an ICCID")
        // A page that is not legible bands every number.
        #expect(NumberBands.bands(glyphs: boxes, pageHeight: 1600).count == 4)
    }

    @Test func aHeadingAloneOnItsRowNamesTheNumberBelow() {
        let heading = word("IMEI", x: 40, y: 300)
        let value = PixelRect(x: 40, y: 300, width: 200, height: 20)
        #expect(NumberBands.label(PixelRect(x: 40, y: 300, width: 60, height: 20), names: value.offset(dy: 120), height: 20, among: heading))
        // With other text on its row it is a word among others, and too far above.
        let busy = heading + digits(5, x: 300, y: 300)
        #expect(!NumberBands.label(PixelRect(x: 40, y: 300, width: 60, height: 20), names: value.offset(dy: 120), height: 20, among: busy))
    }
}

private extension PixelRect {
    func offset(dy: Int) -> PixelRect { PixelRect(x: x, y: y + dy, width: width, height: height) }
}
