import ActivationPipeline
import Testing

@Suite struct EIDTests {
    @Test func thirtyTwoDigitsWhoseMod97IsOne() {
        #expect(EID("89049032624609496352505763520976")?.digits == "89049032624609496352505763520976")
        #expect(EID.isValid("89044045209524282069350748673923"))
        #expect(EID("89049032624609496352505763520977") == nil, "a wrong check")
        #expect(EID("8904903262460949635250576352097") == nil, "31 digits")
        #expect(EID("8904903262460949635250576352097 ") == nil, "a space")
    }
}
