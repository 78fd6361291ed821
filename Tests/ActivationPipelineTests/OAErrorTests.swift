import Testing
@testable import ActivationPipeline

@Suite struct OAErrorTests {
    @Test func keepsTheSDKTableToTheLetter() {
        #expect(OAError.table.count == 25)
        #expect(OAError.unableToDoOCR.code == 4001)
        #expect(OAError.unableToDoOCR.name == "ERROR_UNABLE_TO_DO_OCR")
        #expect(OAError.unableToDoOCR.message == "IMEI NOT RECOGNIZED")
        #expect(OAError.screenshotFetch.code == 4004)
        #expect(OAError.screenshotLoad.code == 4005)
        #expect(OAError.unknown.name == "ERROR_UNKNOW")
        #expect(Set(OAError.table.map(\.code)).count == 25)
    }

    @Test func carriesAPIErrors() {
        let error = OAError.api(code: "E42", description: "Membership locked")
        #expect(error.name == "ERROR_API")
        #expect(error.apiCode == "E42")
        #expect(error.message == "Membership locked")
        #expect(OAError(code: 2005) == .membershipRejected)
    }
}
