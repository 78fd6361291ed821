import ActivationPipeline
import Foundation
import Testing

@Suite struct IMEITests {
    @Test func fifteenASCIIDigitsWithTheLuhnCheckDigit() {
        #expect(IMEI("352099001761481")?.digits == "352099001761481")
        #expect(IMEI.isValid("490154203237518"))
        #expect(IMEI("352099001761482") == nil, "a wrong check digit")
        #expect(IMEI("35209900176148") == nil, "14 digits")
        #expect(IMEI("3520990017614810") == nil, "16 digits")
        #expect(IMEI("35209900176148\u{0661}") == nil, "a digit that is not ASCII")
        #expect(IMEI("35 209900 176148 1") == nil, "separators are the validator's business")
    }

    @Test func theValidatorKeepsTheSameRuleOnceSeparatorsAreGone() {
        for text in ["35-209900-176148-1", "35 209900 176148 2", "352099001761481", "4901542032375180"] {
            let digits = text.filter { $0 != " " && $0 != "-" }
            #expect(IMEIValidator().isValid(text) == IMEI.isValid(digits), "\(text)")
        }
    }

    @Test func masksShowTheTACAndSevenStars() {
        #expect(IMEIMask.mask("352099001761481") == "35209900*******")
        #expect(IMEIMask.mask("89914421201234567890") == "89914421*******", "longer numbers too")
        #expect(IMEIMask.mask("1234") == "****", "short values are hidden whole")
        #expect(IMEIMask.mask("") == "*")
        #expect(IMEIMask.distinguishable("352099001761481") == "35209900*****81")
        #expect(IMEIMask.distinguishable("352099001761499") != IMEIMask.distinguishable("352099001761481"))
        #expect(IMEIMask.distinguishable("1234") == "****", "short values are hidden whole")
    }

    @Test func hexIsTwoLowercaseDigitsPerByte() {
        #expect(Hex.lowercase([0x00, 0x01, 0xAB, 0xFF]) == "0001abff")
        #expect(Hex.lowercase([UInt8]()) == "")
        #expect(Hex.lowercase(Array(0...15).map(UInt8.init)) == "000102030405060708090a0b0c0d0e0f")
    }
}
