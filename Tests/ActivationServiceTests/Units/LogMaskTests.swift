import ActivationPipeline
import Testing
@testable import ActivationService

@Suite("LogMask")
struct LogMaskTests {
    @Test("an IMEI keeps its 8-digit TAC")
    func imei() {
        #expect(IMEIMask.mask("350492167161582") == "35049216*******")
        #expect(IMEIMask.mask("35049216716158") == "35049216*******")
    }

    @Test("a name keeps initials")
    func name() {
        #expect(LogMask.name("Rahul Sharma") == "R**** S*****")
    }

    @Test("digit runs in free text are masked, short numbers kept")
    func text() {
        #expect(LogMask.text("IMG_350492167161582 (2).jpg") == "IMG_35049216******* (2).jpg")
    }
}
