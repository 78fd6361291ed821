@testable import ActivationPipeline
@testable import ActivationReader
@testable import ActivationVision
import Testing

/// The label rule's narrow rules over whole lines, as named pure predicates.
@Suite struct LineLabelsRuleTests {
    static func upper(_ text: String) -> [Character] { Array(text.uppercased()) }

    @Test func anIMEILabelThatLostItsFirstLetterStillStatesItsSlot() {
        #expect(LineLabels.lostFirstLetter(Self.upper("MEI1: 356938035643809"), at: 0) == 1)
        #expect(LineLabels.lostFirstLetter(Self.upper("MEl2 490154203237518"), at: 0) == 2)
        // A MEID label, or no number after it, is not one.
        #expect(LineLabels.lostFirstLetter(Self.upper("MEID 35693803564380"), at: 0) == nil)
        #expect(LineLabels.lostFirstLetter(Self.upper("MEI1: none"), at: 0) == nil)
        #expect(LineLabels.findLabel(Array("MEI2: 490154203237518"))?.text == "IMEI2")
    }

    /// A label line of its own that lost its first letter, as the deep reader reads a dark iOS
    /// About page's grey labels photographed: "MEI", "MEI2", "ME12". A name ("Mel"), a MEID
    /// label and a longer word are not one.
    @Test func aLabelLineOfItsOwnThatLostItsFirstLetter() {
        #expect(LineLabels.findLabel(Array("MEI2"))?.text == "IMEI2")
        #expect(LineLabels.findLabel(Array("ME12"))?.slot == 2)
        #expect(LineLabels.findLabel(Array(" MEI: "))?.text == "IMEI")
        #expect(LineLabels.findLabel(Array("Mel")) == nil)
        #expect(LineLabels.findLabel(Array("MEID"))?.isMEID == true)
        #expect(LineLabels.findLabel(Array("MEIN")) == nil)
        #expect(LineLabels.lostFirstLetterAlone(Self.upper("MEI2 356938035643809")) == nil, "a value after it: lostFirstLetter's")
    }

    /// An `I` read as a bracket (a MIUI Status page's "IMEI" photographed, read "(ME)" by the deep
    /// reader), in both label rules; the slot phrase's own brackets stay the phrase's.
    @Test func anIReadAsABracket() {
        #expect(LineLabels.findLabel(Array("(ME)"))?.text == "IMEI")
        #expect(LineLabels.findLabel(Array("IME) (slot 2)"))?.slot == 2)
        #expect(IdentifierLabel.parse("(MEI:")?.kind == .imei)
        #expect(LineLabels.findLabel(Array("IMEI (slot 1)"))?.text == "IMEI (slot 1)")
        #expect(LineLabels.findLabel(Array("IMEI (MEID) 2"))?.slot == 2)
    }

    /// `samples/layouts` `plist_dump`: the IMEI's name spelled out, as a record's key or in words.
    @Test func theIMEIsNameSpelledOutIsAnIMEILabel() {
        let key = "\"InternationalMobileEquipmentIdentity\" = \"358645450456181\";"
        #expect(LineLabels.findLabel(Array(key))?.text == "IMEI")
        #expect(LineLabels.findLabel(Array(key))?.end == 37, "the label ends after the name, before the value")
        #expect(LineLabels.findLabel(Array("International Mobile Equipment Identity: 358645450456181"))?.text == "IMEI")
        // OCR's space inside a word and an I read as l.
        #expect(LineLabels.spelledOut(Self.upper("Internat ionalMobileEquipmentldentity"), at: 0) != nil)
        // The IMSI's name is not the IMEI's; a name cut short is none.
        #expect(LineLabels.findLabel(Array("\"InternationalMobileSubscriberIdentity\" = \"310260123456789\";")) == nil)
        #expect(LineLabels.spelledOut(Self.upper("International Mobile Equipment"), at: 0) == nil)
    }

    @Test func anIMEILabelThatLostItsLastLetterEndsAtNoLetter() {
        #expect(LineLabels.lostLastLetter(Self.upper("IME"), at: 3))
        #expect(LineLabels.lostLastLetter(Self.upper("IME: 3569"), at: 3))
        #expect(!LineLabels.lostLastLetter(Self.upper("IMENU"), at: 3))
        #expect(LineLabels.findLabel(Array("IME 356938035643809"))?.text == "IMEI")
        #expect(LineLabels.findLabel(Array("IMENU")) == nil)
    }

    @Test func aSlotDigitIsGluedOrFollowedByNoOtherDigit() {
        #expect(LineLabels.slotDigit(Self.upper("IMEI2356938035643809"), after: 4)?.slot == 2)
        #expect(LineLabels.slotDigit(Self.upper("IMEI 1: 356938035643809"), after: 4)?.slot == 1)
        #expect(LineLabels.slotDigit(Self.upper("IMEI 1"), after: 4).map { $0.at } == 5)
        // Spaced from the label and followed by digits: the value's first digit, not a slot.
        #expect(LineLabels.slotDigit(Self.upper("IMEI 13569"), after: 4) == nil)
        #expect(LineLabels.slotDigit(Self.upper("IMEI 3"), after: 4) == nil)
    }

    /// The samples that need the lost-last-letter rule: markup over the label's last letter.
    @Test(.enabled(if: DeepOCR.shared != nil, "needs the deep second opinion installed"))
    func boxLabelsWhoseLabelLostItsLastLetterToMarkupStillRead() throws {
        let samples = SampleScreenshotTests.samples
        let (circled, _) = try NoIMEIPageTests.read(samples.appendingPathComponent("0037_box_label_light_red_circle.jpg").path)
        #expect(circled.imeis.map(\.value) == ["352789158073496"])
        let (boxed, _) = try NoIMEIPageTests.read(samples.appendingPathComponent("0065_box_label_light_red_box.jpg").path)
        #expect(boxed.imeis.map(\.value) == ["352739969132619", "352739969132643"])
    }
}
