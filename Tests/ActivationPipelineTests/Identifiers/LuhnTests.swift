@testable import ActivationPipeline
import Testing

@Suite struct LuhnTests {
    @Test(arguments: ["352099001761481", "490154203237518", "79927398713"])
    func acceptsPublishedVectors(_ number: String) {
        #expect(Luhn.isValid(number))
    }

    @Test(arguments: ["352099001761482", "490154203237519", "79927398710", "35209900176148a", "1"])
    func rejectsWrongCheckDigitsAndNonDigits(_ number: String) {
        #expect(!Luhn.isValid(number))
    }

    @Test func computesTheCheckDigit() {
        #expect(Luhn.checkDigit(for: "35209900176148") == "1")
    }
}
