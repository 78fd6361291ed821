@testable import ActivationReader
@testable import ActivationVision
import Foundation
import Testing

/// A text line `text` at (x, y), `width` × `height`, turned by `degrees` about the page origin:
/// what the deep detector and recogniser give.
private func line(_ text: String, x: Double, y: Double, width: Double, height: Double = 30, degrees: Double = 0) -> TextBox {
    let a = degrees * .pi / 180, c = cos(a), s = sin(a)
    let corners = [(x, y), (x + width, y), (x + width, y + height), (x, y + height)].flatMap { p in
        [p.0 * c - p.1 * s, p.0 * s + p.1 * c]
    }
    return TextBox(text: text, corners: corners)
}

@Suite struct LineLabelsTests {
    @Test func aLabelBesideItsValueNamesIt() throws {
        let found = LineLabels.read([line("IMEI1", x: 40, y: 300, width: 90), line("356938035643809", x: 300, y: 300, width: 260)])
        let imei = try #require(found.imeis.first)
        #expect(found.imeis.count == 1)
        #expect(imei.value == "356938035643809" && imei.slot == 1)
    }

    @Test func aTypewriterFontsIMETIsTheLabelButTIMEIsNot() {
        // Courier's serifed last I reads as T, the word ending there (a console capture).
        #expect(LineLabels.read([line("IMET: 358400123456782", x: 10, y: 320, width: 260)]).imeis.map(\.value) == ["358400123456782"])
        #expect(LineLabels.read([line("TIME: 358400123456782", x: 10, y: 320, width: 260)]).imeis.isEmpty)
        #expect(LineLabels.read([line("IMETER 358400123456782", x: 10, y: 320, width: 260)]).imeis.isEmpty)
    }

    @Test func aLabelOnTheRightNamesItToo() {
        // Right-to-left layouts put the label after the value.
        let found = LineLabels.read([line("356938035643809", x: 40, y: 300, width: 260), line("IMEI", x: 400, y: 300, width: 70)])
        #expect(found.imeis.map(\.value) == ["356938035643809"])
    }

    @Test func aLabelJustAboveNamesTheValueBelow() {
        let found = LineLabels.read([line("IMEI 2", x: 40, y: 300, width: 90), line("35693803 564380 9", x: 40, y: 345, width: 280)])
        #expect(found.imeis.map(\.value) == ["356938035643809"])
        #expect(found.imeis.first?.slot == 2)
    }

    @Test func aPageTakenAtAnAngleKeepsItsRows() {
        let lines = [
            line("IMEI1:", x: 40, y: 300, width: 90, degrees: 9), line("356938035643809", x: 200, y: 300, width: 260, degrees: 9),
            line("IMEI2:", x: 40, y: 360, width: 90, degrees: 9), line("490154203237518", x: 200, y: 360, width: 260, degrees: 9),
        ]
        let found = LineLabels.read(lines)
        #expect(found.imeis.map(\.value) == ["356938035643809", "490154203237518"])
        #expect(found.imeis.map(\.slot) == [1, 2])
    }

    /// A page turned a quarter either way: each line's corners start at its text's top-left (as
    /// the deep reader lists them for a vertical line), so rows and "above" follow the text.
    @Test(arguments: [90.0, -90.0])
    func aPageTurnedAQuarterKeepsItsRowsAndHeadings(degrees: Double) {
        let rows = LineLabels.read([
            line("IMEI1", x: 40, y: 300, width: 90, degrees: degrees), line("356938035643809", x: 300, y: 300, width: 260, degrees: degrees),
            line("IMEI2", x: 40, y: 360, width: 90, degrees: degrees), line("490154203237518", x: 300, y: 360, width: 260, degrees: degrees),
        ])
        #expect(rows.imeis.map(\.value) == ["356938035643809", "490154203237518"])
        #expect(rows.imeis.map(\.slot) == [1, 2])
        let above = LineLabels.read([
            line("IMEI", x: 40, y: 300, width: 70, degrees: degrees), line("35693803 564380 9", x: 40, y: 345, width: 280, degrees: degrees),
        ])
        #expect(above.imeis.map(\.value) == ["356938035643809"])
    }

    @Test func aSentenceThatMentionsAnIMEIIsNoLabel() {
        let found = LineLabels.read([
            line("Your IMEI, if you need it, is on the box?", x: 40, y: 300, width: 600),
            line("356938035643809", x: 40, y: 345, width: 260),
        ])
        #expect(found.imeis.isEmpty)
    }

    @Test func onlyFifteenLuhnValidDigitsCount() {
        let found = LineLabels.read([
            line("IMEI1", x: 40, y: 300, width: 90), line("356938035643808", x: 300, y: 300, width: 260),
            line("IMEI2", x: 40, y: 400, width: 90), line("3569380356438091", x: 300, y: 400, width: 280),
        ])
        #expect(found.imeis.isEmpty)
    }

    @Test func aValueWithNoLabelNearIsNotTaken() {
        let found = LineLabels.read([line("IMEI", x: 40, y: 100, width: 70), line("Serial", x: 40, y: 160, width: 90),
                                     line("356938035643809", x: 40, y: 700, width: 260)])
        #expect(found.imeis.isEmpty)
    }

    @Test func aMEIDIsReportedApart() {
        let found = LineLabels.read([line("MEID: A1000049E4D7F2", x: 40, y: 300, width: 300)])
        #expect(found.meid == "A1000049E4D7F2")
        #expect(found.imeis.isEmpty)
    }

    @Test func aLabelThatLostItsLastLetterStillNamesItsValue() {
        // Markup drawn across a box label: `IMEI 2` read as `IME` and `2 3527…` (the slot digit
        // glued to the value), and `IMEI` read as `IME:1`.
        let found = LineLabels.read([
            line("IME:1 352789158073496", x: 40, y: 200, width: 360),
            line("IME", x: 40, y: 300, width: 60), line("2 352739969132643", x: 120, y: 300, width: 280),
        ])
        #expect(found.imeis.map(\.value) == ["352789158073496", "352739969132643"])
        #expect(found.imeis.map(\.slot) == [1, 2])
    }

    @Test func aWordThatOnlyStartsLikeTheLabelIsNone() {
        let found = LineLabels.read([line("IMENSE 352789158073496", x: 40, y: 200, width: 360),
                                     line("TIME 2 352739969132643", x: 40, y: 300, width: 360)])
        #expect(found.imeis.isEmpty)
    }

    @Test func aStrayBarGluedBeforeTheLabelIsNoise() {
        // Real reads: an orange heading's glow read `lIMEI`, a table key `Imei` read `Ilmei`.
        let heading = LineLabels.read([line("Your Device lIMEI", x: 100, y: 200, width: 260), line("356938035643809", x: 60, y: 250, width: 330)])
        #expect(heading.imeis.map(\.value) == ["356938035643809"])
        let key = LineLabels.read([line("Ilmei 490154203237518", x: 40, y: 200, width: 300)])
        #expect(key.imeis.map(\.value) == ["490154203237518"])
        // Inside a longer word it stays no label.
        #expect(LineLabels.read([line("SLIMEI 490154203237518", x: 40, y: 200, width: 300)]).imeis.isEmpty)
    }

    @Test func aBareNumberSharingALabelledIMEIsTACIsItsSibling() {
        // A box label shrunk to a third: the second label did not read, its number did.
        let lines = [line("IMEI1 862465800677587", x: 40, y: 200, width: 360), line("862465805977446", x: 100, y: 260, width: 280)]
        let found = LineLabels.read(lines)
        #expect(found.imeis.map(\.value) == ["862465800677587", "862465805977446"])
        #expect(found.imeis.map(\.slot) == [1, 2])
        // Another device's number beside it is no sibling.
        let other = LineLabels.read([lines[0], line("356938035643809", x: 100, y: 260, width: 280)])
        #expect(other.imeis.map(\.value) == ["862465800677587"])
    }

    @Test func aBareNumberWhoseMEIDThePageShowsIsAnIMEI() {
        // A dark iOS About page photographed: the grey `IMEI` label lost, its value and the
        // MEID row read (far from the labelled IMEI2, whose TAC it shares).
        let lines = [
            line("35 663709 488323 7", x: 500, y: 200, width: 300), line("ICCID", x: 40, y: 300, width: 90),
            line("89619167481971218179", x: 480, y: 300, width: 320), line("MEID", x: 40, y: 400, width: 80),
            line("35 663709 488323", x: 520, y: 400, width: 280), line("IMEI2", x: 40, y: 700, width: 90),
            line("35 663709 760562 9", x: 500, y: 700, width: 300),
        ]
        let found = LineLabels.read(lines)
        #expect(found.imeis.map(\.value) == ["356637094883237", "356637097605629"])
        #expect(found.imeis.map(\.slot) == [nil, 2])
        // Without the MEID row it stays unnamed; a 14-digit number that is not its prefix names nothing.
        #expect(LineLabels.read(lines.filter { $0.text != "35 663709 488323" }).imeis.map(\.value) == ["356637097605629"])
        let other = lines.map { $0.text == "35 663709 488323" ? line("35 663709 488324", x: 520, y: 400, width: 280) : $0 }
        #expect(LineLabels.read(other).imeis.map(\.value) == ["356637097605629"])
        // A value that fails the Luhn check is none, its MEID shown or not.
        let failing = lines.map { $0.text == "35 663709 488323 7" ? line("35 663709 488323 6", x: 500, y: 200, width: 300) : $0 }
        #expect(LineLabels.read(failing).imeis.map(\.value) == ["356637097605629"])
    }

    @Test func aTablesHeadingNamesEveryValueInItsColumn() {
        // A spreadsheet (`samples/layouts` `spreadsheet`): row numbers, lower-case headings
        // (`imei1` read `imeil`), numbers right-aligned under left-aligned headings, a blank cell.
        func row(_ y: Double, _ cells: [(String, Double, Double)]) -> [TextBox] { cells.map { line($0.0, x: $0.1, y: y, width: $0.2, height: 26) } }
        let lines = row(257, [("1", 21, 15), ("imeil", 72, 90), ("imei2", 581, 89), ("serialnumber", 1089, 223)])
            + row(316, [("2", 20, 16), ("862425712488630", 230, 320), ("C7EA2F6491", 1089, 213)])
            + row(374, [("3", 20, 16), ("997610179314803", 230, 320), ("997610176529734", 738, 322), ("RFA21CC565", 1090, 214)])
            + row(432, [("4", 19, 18), ("350305568581549", 230, 320), ("350305568581564", 739, 321)])
        let found = LineLabels.read(lines)
        #expect(found.imeis.map(\.value) == ["862425712488630", "997610179314803", "997610176529734", "350305568581549", "350305568581564"])
        #expect(found.imeis.map(\.slot) == [1, 1, 2, 1, 2])
        // A value with a label of its own on its row is not the column's: an IMSI under an IMEI.
        let kv = [line("IMEI", x: 40, y: 100, width: 70), line("356938035643809", x: 40, y: 140, width: 260),
                  line("IMSI", x: 40, y: 180, width: 60), line("490154203237518", x: 120, y: 180, width: 260)]
        #expect(LineLabels.read(kv).imeis.map(\.value) == ["356938035643809"])
        // A heading's column ends where the next heading begins: the IMSI column's values,
        // left-aligned under their own heading, may start a pixel left of it (a device list,
        // `samples/layouts` `device_list`), and one in ten passes the Luhn check.
        let list = row(336, [("IMEI", 680, 27), ("IMSI", 876, 28)])
            + row(387, [("352099001234562", 679, 129), ("310260123456787", 875, 129)])
            + row(431, [("352099007654326", 679, 129), ("310410987654320", 876, 129)])
        #expect(LineLabels.read(list).imeis.map(\.value) == ["352099001234562", "352099007654326"])
        // Text between breaks the column.
        let broken = [line("IMEI", x: 40, y: 100, width: 70), line("356938035643809", x: 40, y: 140, width: 260),
                      line("Serial number", x: 40, y: 180, width: 200), line("490154203237518", x: 40, y: 220, width: 260)]
        #expect(LineLabels.read(broken).imeis.map(\.value) == ["356938035643809"])
    }

    /// A labelled value that fails the Luhn check is no IMEI, but the rule says where it stands,
    /// for a refusal to confirm: its share of a line it shares with its label.
    @Test func aLabelledValueThatFailsLuhnIsReportedApart() throws {
        let found = LineLabels.read([line("IMEI: 356938035643808", x: 40, y: 300, width: 420)])
        #expect(found.imeis.isEmpty)
        let failing = try #require(found.failing.first)
        #expect(found.failing.count == 1 && failing.value == "356938035643808" && !failing.passesLuhn)
        #expect(failing.share.lowerBound > 0.25 && failing.share.upperBound == 1)
        // A bare number under it sharing its TAC is no sibling of a value that fails.
        let pair = LineLabels.read([line("IMEI: 356938035643808", x: 40, y: 300, width: 420), line("356938035643809", x: 40, y: 345, width: 280)])
        #expect(pair.imeis.isEmpty)
    }

    /// A field holding a list: each whole entry under the label is a value; an entry cut off by
    /// the field's edge, or a list that holds a word, is none.
    @Test func aListUnderTheLabelNamesEachWholeEntry() {
        let label = line("IMEI/Serial", x: 40, y: 300, width: 110)
        let cut = LineLabels.read([label, line("356938035643809;3569", x: 40, y: 345, width: 300)])
        #expect(cut.imeis.map(\.value) == ["356938035643809"])
        let two = LineLabels.read([label, line("356938035643809; 356938035643817", x: 40, y: 345, width: 460)])
        #expect(two.imeis.map(\.value) == ["356938035643809", "356938035643817"])
        #expect(LineLabels.read([label, line("356938035643809;R5CT", x: 40, y: 345, width: 300)]).imeis.isEmpty)
        #expect(LineLabels.read([label, line("3569;356938035643809", x: 40, y: 345, width: 300)]).imeis.isEmpty)
    }
}
