@testable import ActivationPipeline
@testable import ActivationReader
@testable import ActivationVision
import Testing

/// A crop re-read may stand alone only where it keeps what the first pass read.
@Suite struct FirstPassAgreementTests {
    @Test func aReReadThatKeepsEverySeenDigitAgrees() {
        #expect(ScreenReading.agree("861796160278488", firstPass: "8617961602784g8"))
        #expect(ScreenReading.agree("352099001761481", firstPass: "35 209900 176148 1"))
        #expect(ScreenReading.agree("352099001761481", firstPass: "352099001761481/01"))
    }

    @Test func twoChangedDigitsThatPassLuhnDoNotAgree() {
        // 861796160278496 passes Luhn, as does the true 861796160278488.
        #expect(Luhn.isValid("861796160278496"))
        #expect(!ScreenReading.agree("861796160278496", firstPass: "8617961602784g8"))
    }

    @Test func aFirstPassCutShortVouchesForNothing() {
        // 86179616027849 is the true 861796160278488 misread and cut: a re-read that repeats
        // the misread must be confirmed at another scale.
        #expect(!ScreenReading.agree("861796160278496", firstPass: "86179616027849"))
        #expect(!ScreenReading.agree("352099001761481", firstPass: "3520990017"))
    }
}
