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

    @Test func aLabelLeftWithoutANumberGetsItsOwnBoxAndReason() {
        var failed = ScreenshotResult(file: "c.png", imeis: [], meid: nil, error: OAError.unableToDoOCR)
        failed.unreadLabels = [UnreadLabel(label: "IMEI2", box: [5, 6, 70, 20], reason: .luhnFailed)]
        let marks = AnnotationPlan.marks(for: failed)
        #expect(marks.first == AnnotationMark(kind: .unreadLabel, box: [5, 6, 70, 20], caption: "IMEI2: Luhn failed"))
        // Not part of the JSON, and not of equality: a result read back equals the one written.
        #expect(failed == ScreenshotResult(file: "c.png", imeis: [], meid: nil, error: OAError.unableToDoOCR))
    }

    @Test func labelsAReportedIMEIAccountsForAreNotDrawn() {
        let labels = [
            UnreadLabel(label: "IMEI1", box: [0, 0, 10, 10], reason: .noValue),
            UnreadLabel(label: "IMEI2", box: [0, 50, 10, 10], reason: .noValue),
            UnreadLabel(label: "IMEI2", box: [0, 52, 10, 10], reason: .luhnFailed),
            UnreadLabel(label: "MEID", box: [0, 90, 10, 10], reason: .meidOnly),
        ]
        let left = UnreadLabel.remaining(labels, reported: [Self.reading])
        #expect(left.map(\.label) == ["IMEI2"], "IMEI1 was read; MEID only is said only without an IMEI; each label once")
        #expect(UnreadLabel.remaining(labels, reported: []).map(\.reason) == [.noValue, .noValue, .meidOnly])
    }
}
