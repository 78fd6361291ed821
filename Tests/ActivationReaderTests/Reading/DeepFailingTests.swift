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

    @Test func theEvidenceDropsTheContradictedReadingAsAnUnreadLabel() {
        var e = ReadingEvidence()
        e.deepFailing = [Self.failing]
        e.imeis = [Self.reading("357239933369525"), Self.reading("357239933369624", slot: 1)]
        #expect(e.dropContradicted(sure: 0.9, reach: 2) == 1)
        #expect(e.imeis.map(\.value) == ["357239933369624"])
        #expect(e.unreadLabels.map(\.reason) == [.luhnFailed])
    }
}
