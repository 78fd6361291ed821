@testable import ActivationPipeline
@testable import ActivationReader
@testable import ActivationVision
import Testing

/// Builds OCR lines by hand, the way the engine reports them, to test geometry without it.
private func word(_ text: String, _ x: Int, _ y: Int, h: Int = 30) -> OCRWord {
    OCRWord(text: text, confidence: 0.95, box: PixelRect(x: x, y: y, width: text.count * h * 6 / 10, height: h))
}

private func line(_ words: OCRWord...) -> OCRLine {
    OCRLine(words: words, box: words.dropFirst().reduce(words[0].box) { $0.union($1.box) })
}

@Suite struct ValueLocatorTests {
    @Test func findsTheValueBesideTheLabel() throws {
        let lines = [line(word("IMEI1", 40, 100), word(":", 140, 100), word("352099001761481/01", 170, 100))]
        let found = ValueLocator.locate(lines, pageWidth: 1000, pageHeight: 2000)
        let value = try #require(found.first)
        #expect(found.count == 1)
        #expect(value.sameRow)
        #expect(value.label.slot == 1)
        #expect(value.firstPassText == "352099001761481/01")
    }

    @Test func findsTheValueOnTheRowBelow() throws {
        let lines = [
            line(word("IMEI", 40, 100)),
            line(word("35", 40, 150), word("209900", 100, 150), word("176148", 240, 150), word("1", 380, 150)),
            line(word("IMEI2", 40, 250)),
            line(word("35", 40, 300), word("209900", 100, 300), word("176149", 240, 300), word("9", 380, 300)),
        ]
        let found = ValueLocator.locate(lines, pageWidth: 1000, pageHeight: 2000)
        #expect(found.map(\.label.text) == ["IMEI", "IMEI2"])
        #expect(found.map { $0.firstPassText.filter(\.isNumber) } == ["352099001761481", "352099001761499"])
        #expect(found.allSatisfy { !$0.sameRow })
    }

    @Test func keepsTheSlotPhraseOfAndroidLabels() throws {
        let lines = [
            line(word("IMEI", 40, 100), word("(sim", 130, 100), word("slot", 220, 100), word("2)", 300, 100)),
            line(word("352099001761481", 40, 150, h: 26)),
        ]
        let value = try #require(ValueLocator.locate(lines, pageWidth: 1000, pageHeight: 2000).first)
        #expect(value.label.slot == 2)
        #expect(value.label.text == "IMEI (slot 2)")
    }

    @Test func doesNotTakeTheNextLabelsRowAsAValue() {
        // A dialog title `IMEI` over `MEID : …`: the MEID row belongs to MEID.
        let lines = [
            line(word("IMEI", 40, 100)),
            line(word("MEID", 40, 150), word(":", 130, 150), word("35209900176148", 160, 150)),
        ]
        let found = ValueLocator.locate(lines, pageWidth: 1000, pageHeight: 2000)
        let imeiValues = found.filter { $0.label.kind == .imei }
        #expect(imeiValues.allSatisfy { $0.words.isEmpty })
        #expect(found.contains { $0.label.kind == .meid && $0.firstPassText == "35209900176148" })
    }

    @Test func joinsALabelTheEngineSplit() throws {
        let lines = [line(word("IM", 40, 100), word("EI2:", 78, 100), word("352099001761481/01", 170, 100))]
        let value = try #require(ValueLocator.locate(lines, pageWidth: 1000, pageHeight: 2000).first)
        #expect(value.label.slot == 2)
    }

    @Test func ignoresUnlabelledNumbers() {
        let lines = [line(word("Order", 40, 100), word("352099001761481", 140, 100))]
        #expect(ValueLocator.locate(lines, pageWidth: 1000, pageHeight: 2000).isEmpty)
    }

    /// A text dump's fields run together: the value is the word's 15 digits, and the row's next
    /// words and the glued field are fenced off.
    @Test func aValueRunningOnIntoTheNextFieldEndsWhereItsLettersBegin() throws {
        let lines = [line(word("IMEI:", 40, 100), word("352099001761481samsungSM-G530FZ", 140, 100), word("1.2en-GB2464", 740, 100))]
        let value = try #require(ValueLocator.locate(lines, pageWidth: 1000, pageHeight: 2000).first)
        #expect(value.firstPassText == "352099001761481")
        #expect(value.fence.right <= 140 + 15 * 18 + 1)
        // Not a hex number's digits, nor a value whose next glyph may be a digit (`S` for 5), nor 16 digits.
        #expect(ValueLocator.runOn(word("352099001761481abc", 0, 0)) == nil)
        #expect(ValueLocator.runOn(word("352099001761481Samsung", 0, 0)) == nil)
        #expect(ValueLocator.runOn(word("3520990017614812samsung", 0, 0)) == nil)
        #expect(ValueLocator.runOn(word("352099001761481xiaomi", 0, 0))?.value.text == "352099001761481")
    }
}
