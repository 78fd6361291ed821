@testable import ActivationReader
@testable import ActivationVision
import Testing

/// A word read by Tesseract at (x, y), `width` wide, 24 px tall.
private func word(_ text: String, x: Int, y: Int = 500, width: Int, confidence: Double = 0.9) -> OCRWord {
    OCRWord(text: text, confidence: confidence, box: PixelRect(x: x, y: y, width: width, height: 24))
}

/// Tesseract's lines cut into columns for the general label rule (``LineLabels``).
@Suite struct LineLabelsTesseractTests {
    @Test func aWideGapCutsALineInTwoColumns() {
        // "IMEI-Nummer" on the left, its value far right: one Tesseract line, two columns.
        let line = OCRLine(
            words: [word("IMEI-Nummer", x: 48, width: 215), word("862170285419386", x: 477, width: 277)],
            box: PixelRect(x: 48, y: 500, width: 706, height: 24))
        let columns = LineLabels.columns([line], columnGap: 2)
        #expect(columns.map { $0.map(\.text) } == [["IMEI-Nummer"], ["862170285419386"]])
    }

    @Test func wordsCloseTogetherStayOneColumn() {
        let line = OCRLine(
            words: [word("35", x: 100, width: 30), word("693803", x: 140, width: 90), word("564380", x: 240, width: 90)],
            box: PixelRect(x: 100, y: 500, width: 230, height: 24))
        #expect(LineLabels.columns([line], columnGap: 2).count == 1)
    }

    @Test func aColumnCarriesEachWordsConfidenceOnItsCharacters() {
        let box = LineLabels.textBox([word("IMEI", x: 10, width: 60, confidence: 0.9), word("35", x: 80, width: 30, confidence: 0.5)])
        #expect(box.text == "IMEI 35")
        #expect(box.confidences == [0.9, 0.9, 0.9, 0.9, 0.5, 0.5, 0.5])
        #expect(box.bounds == PixelRect(x: 10, y: 500, width: 100, height: 24))
    }

    @Test func theGeneralRuleFindsAPhraseLabelInTesseractsLine() {
        let line = OCRLine(
            words: [word("Your", x: 40, width: 60), word("Device", x: 110, width: 90), word("IMEI", x: 210, width: 60),
                    word("356938035643809", x: 500, width: 260)],
            box: PixelRect(x: 40, y: 500, width: 720, height: 24))
        let found = LineLabels.read(LineLabels.columns([line], columnGap: 2).map(LineLabels.textBox))
        #expect(found.imeis.map(\.value) == ["356938035643809"])
        #expect(found.imeis.first?.labelBox == 0 && found.imeis.first?.box == 1)
    }
}
