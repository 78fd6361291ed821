@testable import ActivationReader
@testable import ActivationVision
import Testing

/// A photo whose bands gave one unnumbered IMEI and that shows an EID (an eSIM, so a second
/// slot) goes to the deep reader for the second (the plan's `esim` stage, ``ScreenReading/secondSlot(_:)``).
@Suite struct ESIMSecondSlotTests {
    static func line(_ words: String...) -> OCRLine {
        let ocr = words.enumerated().map { i, w in OCRWord(text: w, confidence: 0.9, box: PixelRect(x: i * 100, y: 0, width: 80, height: 20)) }
        return OCRLine(words: ocr, box: PixelRect(x: 0, y: 0, width: words.count * 100, height: 20))
    }

    @Test func onlyTheWordEIDShowsAnESIM() {
        #expect(ScreenReading.showsEID([Self.line("IMEI", "35", "864247", "899843", "5"), Self.line("EID")]))
        #expect(!ScreenReading.showsEID([Self.line("IMEI", "35", "864247", "899843", "5")]))
        // Not a word that merely holds the letters, nor a different case.
        #expect(!ScreenReading.showsEID([Self.line("SEID"), Self.line("EIDs"), Self.line("eid")]))
    }
}
