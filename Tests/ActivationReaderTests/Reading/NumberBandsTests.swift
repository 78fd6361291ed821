@testable import ActivationPipeline
@testable import ActivationReader
@testable import ActivationVision
import Testing

/// Glyph boxes laid out by hand the way a page's connected components come out.
private func glyphs(_ count: Int, x: Int, y: Int, h: Int = 20, advance: Int = 14, width: Int = 11) -> [PixelRect] {
    (0..<count).map { PixelRect(x: x + $0 * advance, y: y, width: width, height: h) }
}

@Suite struct NumberBandsTests {
    @Test func aValueAloneOnItsRowReachesUpToTheLabelAbove() throws {
        let label = glyphs(4, x: 50, y: 400, h: 24, advance: 16)
        let value = glyphs(15, x: 48, y: 450)
        let bands = NumberBands.bands(glyphs: label + value, pageHeight: 1800)
        let band = try #require(bands.first)
        #expect(bands.count == 1)
        #expect(band.height == 20)
        #expect(band.rows.contains(400) && band.rows.contains(469))
    }

    @Test func aValueWithItsLabelBesideItKeepsToItsRow() throws {
        let label = glyphs(4, x: 60, y: 1114, h: 20, advance: 14)
        let value = glyphs(15, x: 300, y: 1114)
        let other = glyphs(6, x: 60, y: 1040, h: 20)
        let band = try #require(NumberBands.bands(glyphs: label + value + other, pageHeight: 1800).first)
        #expect(band.rows.contains(1114) && band.rows.contains(1133))
        #expect(!band.rows.contains(1059))
    }

    @Test func dotsBreakARun() {
        // A MAC address: pairs of glyphs with a colon's two dots between them.
        var mac: [PixelRect] = []
        for pair in 0..<6 {
            let x = 40 + pair * 40
            mac += glyphs(2, x: x, y: 300)
            mac.append(PixelRect(x: x + 29, y: 304, width: 4, height: 4))
            mac.append(PixelRect(x: x + 29, y: 314, width: 4, height: 4))
        }
        #expect(NumberBands.bands(glyphs: mac, pageHeight: 1800).isEmpty)
    }

    @Test func thirtyTwoDigitsAreNoIMEI() {
        #expect(NumberBands.bands(glyphs: glyphs(32, x: 40, y: 600), pageHeight: 1800).isEmpty)
        #expect(NumberBands.bands(glyphs: glyphs(19, x: 40, y: 600), pageHeight: 1800).count == 1)
    }

    @Test func lowercaseTextIsNoRun() {
        // x-height letters with ascenders among them, as in "Bluetooth address".
        let text = (0..<16).map { i in
            i % 3 == 0 ? PixelRect(x: 40 + i * 14, y: 300, width: 11, height: 26) : PixelRect(x: 40 + i * 14, y: 308, width: 11, height: 18)
        }
        #expect(NumberBands.bands(glyphs: text, pageHeight: 1800).isEmpty)
    }

    @Test func theRunStepsOverAGlyphMarkupBroke() throws {
        var value = glyphs(15, x: 48, y: 450)
        // A red stroke through the sixth digit left two pieces, too big for dots.
        value[5] = PixelRect(x: value[5].x, y: 452, width: 9, height: 5)
        value.append(PixelRect(x: value[5].x + 1, y: 462, width: 8, height: 8))
        #expect(NumberBands.bands(glyphs: value, pageHeight: 1800).count == 1)
    }

    @Test func piecesOfABrokenGlyphAreJoined() {
        let pieces = [PixelRect(x: 142, y: 953, width: 9, height: 10), PixelRect(x: 145, y: 960, width: 7, height: 12)]
        #expect(NumberBands.joined(pieces) == [PixelRect(x: 142, y: 953, width: 10, height: 19)])
        // A glyph inside a frame stays a glyph.
        let framed = [PixelRect(x: 0, y: 0, width: 400, height: 300), PixelRect(x: 40, y: 40, width: 11, height: 20)]
        #expect(NumberBands.joined(framed).count == 2)
    }

    @Test func bandsNeverCutALineInTwo() throws {
        let label = glyphs(4, x: 50, y: 372, h: 24, advance: 16)
        let value = glyphs(15, x: 48, y: 450)
        let band = try #require(NumberBands.bands(glyphs: label + value, pageHeight: 1800).first)
        // 3.5 heights above the value is row 380: the label row starting at 372 pulls it up.
        #expect(band.rows.lowerBound == 372)
    }

    @Test func digitsThatTouchCountAsTheGlyphsTheyAre() throws {
        // A terminal's bold digits at a tight pitch: `0000` and `00` threshold into one piece each.
        var value = glyphs(15, x: 48, y: 450)
        let four = value[5].union(value[8]), two = value[13].union(value[14])
        value = Array(value[0..<5]) + [four] + Array(value[9..<13]) + [two]
        #expect(value.count == 11)
        #expect(NumberBands.glyphCount(value) == 15)
        // On a legible page (no label shape) only a run as long as an IMEI gets a band: the
        // touching digits still make one.
        #expect(NumberBands.bands(glyphs: value, pageHeight: 1800, labels: []).count == 1)
        // Eleven lone glyphs would not.
        #expect(NumberBands.bands(glyphs: glyphs(11, x: 48, y: 450), pageHeight: 1800, labels: []).isEmpty)
    }

    @Test func aCommaEndsANumber() {
        // A CSV row: two 15-digit numbers with a comma between, one run of 30 glyphs without it.
        // A proportional font's comma is narrow: the gap across it is as wide as a digit's.
        var row = glyphs(15, x: 40, y: 300), second = glyphs(15, x: 40 + 15 * 14 + 2, y: 300)
        let comma = PixelRect(x: 40 + 15 * 14 - 2, y: 314, width: 3, height: 9)
        row += second
        #expect(NumberBands.bands(glyphs: row, pageHeight: 1800, labels: []).isEmpty)
        #expect(NumberBands.bands(glyphs: row + [comma], pageHeight: 1800, labels: []).count == 1)
    }

    @Test func aNumberAfterAWordGapIsAWordOfItsOwn() {
        // `363] <15 digits>`: a log's time and bracket run into the number; the space splits it.
        let time = glyphs(4, x: 40, y: 300), number = glyphs(15, x: 40 + 4 * 14 + 10, y: 300)
        let run = time + number
        #expect(NumberBands.words(run).map(\.count) == [4, 15])
        #expect(NumberBands.words(number).isEmpty)
        #expect(NumberBands.bands(glyphs: run, pageHeight: 1800, labels: []).count == 1)
    }

    @Test func aGlyphTheRunSteppedOverStillCounts() {
        // The fourth digit stands 4 pixels taller than its neighbours (an antialiased 3 enlarged
        // three times): the run steps over it, and only counting it makes the number 15 long.
        var value = glyphs(15, x: 48, y: 450)
        value[3] = PixelRect(x: value[3].x, y: 446, width: 11, height: 24)
        #expect(NumberBands.bands(glyphs: value, pageHeight: 1800, labels: []).count == 1)
        let run = NumberBands.runs(value, dots: []).max { $0.count < $1.count } ?? []
        #expect(run.count == 14)
        #expect(NumberBands.steppedOver(run, among: value) == 1)
    }
}
