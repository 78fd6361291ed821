@testable import ActivationPipeline
@testable import ActivationReader
import ActivationVision
import Testing

/// A Luhn-valid reading of a value the deep reader read as failing the check, at confident
/// digits, is that value misread (``ReadingEvidence/DeepFailing``): a photographed tampered page
/// must not be accepted on another pass's lucky misread.
@Suite struct DeepFailingTests {
    /// The deep reader's reading of a tampered IMEI2 (its check digit edited), every digit sure
    /// but the sixth.
    static let failing = ReadingEvidence.DeepFailing(
        value: "357239933369522", slot: 2, confidences: Array(repeating: 0.99, count: 5) + [0.56] + Array(repeating: 0.99, count: 9),
        box: PixelRect(x: 633, y: 697, width: 300, height: 40))

    static func reading(_ value: String, slot: Int? = 2, box: [Int] = [640, 700, 290, 36]) -> IMEIReading {
        IMEIReading(value: value, label: "IMEI (slot 2)", slot: slot, softwareVersion: nil, confidence: 0.98, box: box, corrected: false)
    }

    @Test func aReadingThatChangesConfidentDigitsWhereTheValueStandsIsContradicted() {
        // Tesseract's flattened pass read the check digit 5: Luhn-valid, and a misread.
        #expect(Self.failing.contradicts(Self.reading("357239933369525"), sure: 0.9, reach: 2))
        // Two digits off, both confident: still the same value misread.
        #expect(Self.failing.contradicts(Self.reading("357239933369624"), sure: 0.9, reach: 2))
    }

    @Test func aDigitTheDeepReaderWasUnsureOfMayBeReadOtherwise() {
        // The sixth digit (0.56) may be Tesseract's to correct; with it, a confident one is not.
        #expect(!Self.failing.contradicts(Self.reading("357231933369522"), sure: 0.9, reach: 2))
        #expect(Self.failing.contradicts(Self.reading("357230933369524"), sure: 0.9, reach: 2))
    }

    @Test func anotherValueElsewhereIsNotContradicted() {
        // Three digits off: another number.
        #expect(!Self.failing.contradicts(Self.reading("357239933369616"), sure: 0.9, reach: 2))
        // Another slot's value.
        #expect(!Self.failing.contradicts(Self.reading("357239933369525", slot: 1), sure: 0.9, reach: 2))
        // The next line of a list counting up by one: close in digits, not in place.
        #expect(!Self.failing.contradicts(Self.reading("357239933369525", box: [640, 760, 290, 36]), sure: 0.9, reach: 2))
        // A slot stated on one side only is no conflict.
        #expect(Self.failing.contradicts(Self.reading("357239933369525", slot: nil), sure: 0.9, reach: 2))
    }

    /// An iOS About page's lines as the deep reader reads them: `IMEI` over its value, `MEID`
    /// over the value's first 14 digits, `IMEI2` over its own, and an ICCID.
    static func lines(second: String = "35 629798 350699 2") -> [TextBox] {
        let rows = ["IMEI", "35 629798 603141 8", "ICCID", "8991329861392993466", "MEID", "35 629798 603141", "IMEI2", second]
        return rows.enumerated().map { i, text in
            let y = Double(i * 60), w = Double(20 * text.count)
            return TextBox(text: text, corners: [10, y, 10 + w, y, 10 + w, y + 40, 10, y + 40])
        }
    }

    /// What the label rule makes of `lines`: each labelled value failing the Luhn check, read at
    /// `lowest` for its least sure glyph.
    static func failing(_ lines: [TextBox], lowest: Double = 0.99) -> [LineLabels.Found] {
        LineLabels.read(lines.map { TextBox(text: $0.text, corners: $0.corners, confidences: Array(repeating: lowest, count: $0.text.count)) }).failing
    }

    @Test func surelyReadFailingValuesUnderEveryLabelSettleThePage() {
        let lines = Self.lines()
        let found = Self.failing(lines)
        #expect(found.count == 2)
        #expect(ScreenReading.beyondTesseract(found, settled: [], lines: lines, tuning: ReaderTuning()))
    }

    @Test func aReadNearTheValueAnUnsureGlyphAnUnnamedLabelOrAnotherNumberLeavesThePageOpen() {
        // Tesseract's read of a value's cut near it: one digit off is near, three are not.
        #expect(ScreenReading.differing("356297986031418", "356297986031419") == 1)
        #expect(ScreenReading.differing("356297986031418", "356297986731419") == 2)
        #expect(ScreenReading.differing("996897540000000", "353427240000000") > ReaderTuning().contradictionReach)
        #expect(ScreenReading.differing("3562979860314", "356297986031419") > ReaderTuning().contradictionReach)
        let tuning = ReaderTuning()
        // A glyph under the confident threshold: Tesseract's passes may still read it otherwise.
        let unsure = Self.failing(Self.lines(), lowest: 0.6)
        #expect(!ScreenReading.beyondTesseract(unsure, settled: [], lines: Self.lines(), tuning: tuning))
        // ... unless Tesseract's re-reads of those values' cuts came nowhere near them.
        #expect(ScreenReading.beyondTesseract(unsure, settled: Set(unsure.map(\.value)), lines: Self.lines(), tuning: tuning))
        // IMEI2's value Luhn-valid (an IMEI): the label rule does not list it as failing, so its
        // label is named by no failing value.
        let valid = Self.lines(second: "35 629798 350699 1")
        #expect(!ScreenReading.beyondTesseract(Self.failing(valid), settled: [], lines: valid, tuning: tuning))
        // A 15-digit number under no label: where another IMEI may stand.
        let extra = Self.lines() + [TextBox(text: "356297983506991", corners: [10, 600, 330, 600, 330, 640, 10, 640])]
        #expect(!ScreenReading.beyondTesseract(Self.failing(extra), settled: [], lines: extra, tuning: tuning))
        #expect(!ScreenReading.beyondTesseract([], settled: [], lines: Self.lines(), tuning: tuning))
    }

    @Test func theEvidenceDropsTheContradictedReadingAsAnUnreadLabel() {
        var e = ReadingEvidence()
        e.deepFailing = [Self.failing]
        e.imeis = [Self.reading("357239933369525"), Self.reading("357239933369624", slot: 1)]
        #expect(e.dropContradicted(sure: 0.9, reach: 2) == 1)
        #expect(e.imeis.map(\.value) == ["357239933369624"])
        #expect(e.unreadLabels.map(\.reason) == [.luhnFailed])
    }
}
