@testable import ActivationPipeline
@testable import ActivationReader
@testable import ActivationVision
import Testing

@Suite struct IdentifierLabelTests {
    @Test(arguments: [
        ("IMEI", nil, "IMEI"), ("IMEI1", 1, "IMEI1"), ("IMEI2", 2, "IMEI2"), ("IMEI2:", 2, "IMEI2"),
        ("lMEI", nil, "IMEI"), ("IMEl1", 1, "IMEI1"), ("IMBI2", 2, "IMEI2"), ("IMEI/MEID", nil, "IMEI/MEID"),
        // A typewriter font's serifed last I read as T (`samples/layouts` module_info).
        ("IMET:", nil, "IMEI"), ("IMET", nil, "IMEI"),
    ] as [(String, Int?, String)])
    func readsIMEILabelsTolerantly(_ word: String, _ slot: Int?, _ text: String) throws {
        let label = try #require(IdentifierLabel.parse(word))
        #expect(label.kind == .imei)
        #expect(label.slot == slot)
        #expect(label.text == text)
        #expect(label.gluedValue == nil)
    }

    @Test func splitsAValueGluedWithAColon() throws {
        let label = try #require(IdentifierLabel.parse("IMEI1:860123456789014"))
        #expect(label.slot == 1)
        #expect(label.gluedValue == "860123456789014")
    }

    @Test(arguments: ["IMSI", "IMEISV", "EID", "ICCID", "IMEI235209900", "Order", "IME", "IMETER", "TIME"])
    func refusesOtherWords(_ word: String) {
        #expect(IdentifierLabel.parse(word)?.kind != .imei)
    }

    @Test func readsMEIDLabels() throws {
        let label = try #require(IdentifierLabel.parse("MEID:"))
        #expect(label.kind == .meid)
    }

    @Test func readsTheSlotPhrase() {
        #expect(IdentifierLabel.slotPhrase(["(sim", "slot", "2)"]) == 2)
        #expect(IdentifierLabel.slotPhrase(["(slot", "1)"]) == 1)
        #expect(IdentifierLabel.slotPhrase(["number"]) == nil)
    }

    /// Both label rules read the same look-alikes of `I`: the one table.
    @Test func bothRulesTakeEveryLookalikeOfI() {
        for i in IdentifierLabel.iLike {
            let first = "\(i)MEI2", inner = "IME\(i)"
            #expect(IdentifierLabel.parse(first)?.slot == 2, "\(first)")
            #expect(LineLabels.findLabel(Array(first + ": 35 209900 176148 1"))?.slot == 2, "\(first)")
            #expect(IdentifierLabel.parse(inner)?.kind == .imei, "\(inner)")
            #expect(LineLabels.findLabel(Array(inner))?.isMEID == false, "\(inner)")
        }
    }
}
