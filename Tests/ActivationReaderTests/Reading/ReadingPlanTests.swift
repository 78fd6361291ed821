@testable import ActivationPipeline
@testable import ActivationReader
import ActivationVision
import Testing

/// The reader's plan (``ReadingPlan``): its sub-plans never re-enter what made their picture,
/// each trigger reads the evidence, and a clean screenshot stops after its bands.
@Suite struct ReadingPlanTests {
    static func reading(_ label: String, slot: Int? = nil) -> IMEIReading {
        IMEIReading(value: "353289928591587", label: label, slot: slot, softwareVersion: nil, confidence: 1, box: [0, 0, 1, 1], corrected: false)
    }

    static func triggers(_ stage: ReadingPlan.Stage, _ e: ReadingEvidence, deep: Bool = true) -> Bool {
        ReadingPlan.triggers(stage, on: e, deepReady: { deep }, barcodes: true)
    }

    @Test func derivedPicturesNeverDeriveAgainNorAskTheDeepReaderTwice() {
        #expect(ReadingPlan.levelled.passes == [.bands, .page, .flattened, .barcodes])
        #expect(ReadingPlan.levelled.finishing.isEmpty)
        #expect(!ReadingPlan.upright.passes.contains(.upright) && !ReadingPlan.upright.finishing.contains(.box))
        #expect(ReadingPlan.upright.passes.contains(.spared) && !ReadingPlan.picture.passes.contains(.spared))
    }

    @Test func theDeepReaderWaitsForAPageThatIsNotLegibleAndGaveNoIMEI() {
        var e = ReadingEvidence()
        #expect(Self.triggers(.deep, e))
        #expect(!Self.triggers(.deep, e, deep: false))
        e.legible = true
        #expect(!Self.triggers(.deep, e))
        // Legible, its bands not read: the deep reader comes after Tesseract's page, as `rescue`.
        #expect(Self.triggers(.rescue, e))
        e.imeis = [Self.reading("IMEI")]
        #expect(!Self.triggers(.rescue, e))
    }

    @Test func aPassThatLeftALabelUnreadCallsForTheLevelledCopyThenTheFlattenedPage() {
        var e = ReadingEvidence()
        #expect(!Self.triggers(.levelled, e) && !Self.triggers(.flattened, e))
        e.pass = ReadingEvidence.PassLeft(unread: 1, answered: true)
        #expect(Self.triggers(.levelled, e) && Self.triggers(.flattened, e) && Self.triggers(.barcodes, e))
        e.levelledRead = true
        #expect(!Self.triggers(.flattened, e))
        e.pass = ReadingEvidence.PassLeft(unread: 0, answered: true)
        #expect(!Self.triggers(.levelled, e))
    }

    /// Values the deep reader read surely as failing, not all confirmed: Tesseract's passes, whose
    /// readings of them the veto would drop, are spared; the screen set upright is read.
    @Test func valuesTheDeepReaderReadSurelyAsFailingSpareTesseractsPasses() {
        var e = ReadingEvidence()
        #expect(Self.triggers(.page, e) && !Self.triggers(.spared, e))
        e.deep = .failsBeyondTesseract
        #expect(!Self.triggers(.page, e) && !Self.triggers(.levelled, e) && !Self.triggers(.flattened, e))
        #expect(Self.triggers(.spared, e) && Self.triggers(.barcodes, e) && Self.triggers(.upright, e))
        e.deep = .unsure
        #expect(Self.triggers(.page, e))
    }

    @Test func aStatedSlotStaysAndTheOthersTakeTheNextFree() {
        var e = ReadingEvidence()
        e.imeis = [Self.reading("IMEI"), Self.reading("IMEI1", slot: 1)]
        e.assignSlots()
        #expect(e.slotsAssigned && e.imeis.map(\.slot) == [1, 2] && e.imeis.map(\.label) == ["IMEI1", "IMEI"])
    }

    @Test func theScreenSetUprightWaitsForAPhotoWithASlotUnread() {
        var e = ReadingEvidence()
        #expect(Self.triggers(.upright, e))
        e.noIMEI = .plainText
        #expect(!Self.triggers(.upright, e))
        e = ReadingEvidence()
        e.imeis = [Self.reading("IMEI")]
        #expect(!Self.triggers(.upright, e) && Self.triggers(.box, e))
        e.screen = true
        #expect(!Self.triggers(.box, e))
    }

    /// One unnumbered IMEI read beside a 15-digit number the deep reader could not name (its
    /// label and a digit misread) calls for the screen set upright; two IMEIs do not.
    @Test func anUnclaimedFifteenDigitNumberBesideOneIMEICallsForTheScreenSetUpright() {
        var e = ReadingEvidence()
        e.imeis = [Self.reading("IMEI")]
        e.unclaimedNumber = true
        #expect(Self.triggers(.upright, e))
        e.imeis.append(IMEIReading(value: "353289928591595", label: "IMEI2", slot: 2, softwareVersion: nil, confidence: 1,
                                   box: [0, 0, 1, 1], corrected: false))
        #expect(!Self.triggers(.upright, e))
        let texts = ["IMEI", "35 416191 011287 1", "MMEI2", "35 436191 011290 5", "ICCID", "89446976298126266781"]
        var lines: [TextBox] = []
        for (i, text) in texts.enumerated() {
            let top = Double(i * 30), bottom = top + 20
            lines.append(TextBox(text: text, corners: [0, top, 200, top, 200, bottom, 0, bottom]))
        }
        #expect(ScreenReading.holdsUnclaimedNumber(lines, read: ["354161910112871"]))
        #expect(!ScreenReading.holdsUnclaimedNumber(Array(lines.prefix(2)) + Array(lines.suffix(2)), read: ["354161910112871"]))
    }

    /// A clean screenshot: its bands read every label, and nothing else runs.
    @Test func aCleanScreenshotIsAnsweredByItsBands() throws {
        let path = SampleScreenshotTests.samples.appendingPathComponent("0001_ios_dial_dark_jpeg85.jpg").path
        let (result, stages) = try NoIMEIPageTests.read(path)
        #expect(result.imeis.count == 2)
        #expect(stages.map(\.name) == ["bands"] && stages.first?.verdict == "read")
    }
}

/// The narrow rules of the bands' verdict, as named pure predicates.
@Suite struct BandRuleTests {
    @Test func aLoneFirstSlotCallsForTheSecondOffALegiblePage() {
        let first = ReadingPlanTests.reading("IMEI1", slot: 1), second = ReadingPlanTests.reading("IMEI2", slot: 2)
        #expect(!ScreenReading.slotsAccountedFor([first].map(\.slot), legible: false))
        #expect(!ScreenReading.slotsAccountedFor([second].map(\.slot), legible: false))
        #expect(ScreenReading.slotsAccountedFor([first, second].map(\.slot), legible: false))
        #expect(ScreenReading.slotsAccountedFor([ReadingPlanTests.reading("IMEI")].map(\.slot), legible: false))
        // A legible page showed every number in a band: a slot no band showed is not there.
        #expect(ScreenReading.slotsAccountedFor([first].map(\.slot), legible: true))
    }

    /// `dev-hard/0135`: the band read the first `IMEI` label's shape as `) met l`; a verdict
    /// then lost its IMEI1. Every label shape must be read as a label or a word of its own.
    @Test func aLabelShapeReadAsBitsIsNoVerdict() {
        let shape = PixelRect(x: 94, y: 598, width: 59, height: 22)
        func line(_ words: [(String, Int, Int)]) -> [OCRLine] {
            let w = words.map { OCRWord(text: $0.0, confidence: 0.6, box: PixelRect(x: $0.1, y: 596, width: $0.2, height: 24)) }
            return [OCRLine(words: w, box: w.dropFirst().reduce(w[0].box) { $0.union($1.box) })]
        }
        #expect(!ScreenReading.labelShapesRead([shape], lines: line([(")", 40, 12), ("met", 92, 60), ("l", 746, 14)])))
        #expect(!ScreenReading.labelShapesRead([shape], lines: []))
        #expect(ScreenReading.labelShapesRead([shape], lines: line([("IMEI", 92, 60)])))
        // A shape the glyph look took for a label that is another word or a digit group.
        #expect(ScreenReading.labelShapesRead([shape], lines: line([("ICCID", 92, 62)])))
        #expect(ScreenReading.labelShapesRead([shape], lines: line([("131828", 90, 64)])))
    }

    @Test func onlyALoneUnnumberedIMEIOnAPhotoShowingAnEIDAsksForASecondSlot() {
        let eid = [ESIMSecondSlotTests.line("EID")], lone = [ReadingPlanTests.reading("IMEI")]
        #expect(ScreenReading.wantsSecondSlot(lone, legible: false, lines: eid))
        #expect(!ScreenReading.wantsSecondSlot(lone, legible: true, lines: eid))
        #expect(!ScreenReading.wantsSecondSlot(lone, legible: false, lines: []))
        #expect(!ScreenReading.wantsSecondSlot([ReadingPlanTests.reading("IMEI1", slot: 1)], legible: false, lines: eid))
    }

    @Test func aPhotoThatReadOnlyItsSecondSlotAsksTheDeepReaderForTheFirst() {
        let first = ReadingPlanTests.reading("IMEI1", slot: 1), second = ReadingPlanTests.reading("IMEI2", slot: 2)
        #expect(ScreenReading.missesFirstSlot([second], legible: false))
        #expect(!ScreenReading.missesFirstSlot([second], legible: true))
        #expect(!ScreenReading.missesFirstSlot([first], legible: false))
        #expect(!ScreenReading.missesFirstSlot([first, second], legible: false))
        var e = ReadingEvidence()
        e.imeis = [second]
        #expect(ReadingPlanTests.triggers(.esim, e))
        #expect(!ReadingPlanTests.triggers(.esim, e, deep: false))
        // The deep reader already read this picture: it would say the same again.
        e.deep = .read
        #expect(!ReadingPlanTests.triggers(.esim, e))
        e.deep = nil
        e.legible = true
        #expect(!ReadingPlanTests.triggers(.esim, e))
    }
}

/// The box label's row step, as a named pure rule.
@Suite struct BoxLabelRowStepTests {
    @Test func aBigPhotoIsScannedEveryThirdRowOthersEveryOther() {
        #expect(ScreenReading.labelRowStep(width: 3024, height: 4032) == 3)
        #expect(ScreenReading.labelRowStep(width: 1500, height: 2000) == 2)
        #expect(ScreenReading.labelRowStep(width: 1080, height: 2400) == 2)
    }
}
