import ActivationPipeline
import Testing

@Suite struct AnnotationPlanTests {
    static let reading = IMEIReading(
        value: "352099001761481", label: "IMEI1", slot: 1, softwareVersion: nil, confidence: 0.9,
        box: [10, 20, 300, 30], corrected: true)

    @Test func eachIMEIGetsABoxWithLabelSlotAndMaskedValue() {
        let result = ScreenshotResult(file: "a.png", imeis: [Self.reading], meid: nil, error: nil)
        let marks = AnnotationPlan.marks(for: result)
        #expect(marks == [AnnotationMark(kind: .imei, box: [10, 20, 300, 30], caption: "IMEI1 | slot 1 | 35209900******* | corrected")])
        #expect(!marks[0].caption.contains("352099001761481"))
        #expect(AnnotationPlan.marks(for: result, unmasked: true)[0].caption.contains("352099001761481"))
    }

    @Test func aFailureGetsANoteWithItsCodeAndMEIDOnlyIsSaid() {
        let failed = ScreenshotResult(
            file: "b.png", imeis: [], meid: "A1000049ABCDEF", error: OAError.unableToDoOCR.with(detail: "no IMEI label — found"))
        let marks = AnnotationPlan.marks(for: failed)
        #expect(marks.count == 2)
        #expect(marks[0].kind == .note && marks[0].box == nil)
        #expect(marks[0].caption == "4001 ERROR_UNABLE_TO_DO_OCR: no IMEI label ? found", "non-ASCII is replaced: the font has no such glyphs")
        #expect(marks[1].kind == .unreadLabel && marks[1].caption.hasPrefix("MEID only: A1000049*******"))
    }
}
