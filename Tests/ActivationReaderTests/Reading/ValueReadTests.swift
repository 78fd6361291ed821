@testable import ActivationPipeline
@testable import ActivationReader
@testable import ActivationVision
import Testing

private func glyphs(_ digits: String, alternatives: [Int: [(String, Double)]] = [:], confidence: Double = 0.9) -> [OCRLine] {
    let symbols = digits.enumerated().map { i, ch in
        OCRSymbol(text: String(ch), confidence: confidence, box: PixelRect(x: i * 20, y: 0, width: 18, height: 30),
                  alternatives: alternatives[i] ?? [])
    }
    let word = OCRWord(text: digits, confidence: confidence, box: PixelRect(x: 0, y: 0, width: digits.count * 20, height: 30), symbols: symbols)
    return [OCRLine(words: [word], box: word.box)]
}

@Suite struct ValueReadTests {
    @Test func splitsOffTheSoftwareVersion() {
        let read = ValueRead(lines: glyphs("352099001761481/01"))
        #expect(read.value == "352099001761481")
        #expect(read.softwareVersion == "01")
        #expect(read.isValidIMEI)
    }

    @Test func correctsOnlyWithTheEnginesOwnAlternative() {
        // The 9th glyph was read 7; the engine also proposed 1, which makes Luhn pass.
        let read = ValueRead(lines: glyphs("352099007761481", alternatives: [8: [("1", 0.8)]]))
        #expect(!read.isValidIMEI)
        #expect(read.corrections() == ["352099001761481"])
    }

    @Test func inventsNothingWithoutAlternatives() {
        // A tampered check digit: no alternative proposed, so no correction.
        #expect(ValueRead(lines: glyphs("352099001761482")).corrections().isEmpty)
    }

    @Test func ignoresFaintAlternatives() {
        let read = ValueRead(lines: glyphs("352099007761481", alternatives: [8: [("1", 0.1)]]))
        #expect(read.corrections().isEmpty)
    }

    @Test func neverCutsFifteenDigitsOutOfALongerNumber() {
        let read = ValueRead(lines: glyphs("8904903200000000000000000000001"))
        #expect(!read.isValidIMEI)
        #expect(read.corrections().isEmpty)
    }
}
