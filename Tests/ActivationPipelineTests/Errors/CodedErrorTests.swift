import ActivationPipeline
import Foundation
import Testing

@Suite struct CodedErrorTests {
    @Test func descriptionIsTheCodeTheMessageAndTheCauses() {
        let inner = ValidationFailure(.invalidLength, "an IMEI has 15 digits, not 14")
        let outer = AccountTenureError("INVALID_FORMAT", "account tenure must be written YYYY-MM-DD", cause: inner)
        #expect(inner.description == "INVALID_LENGTH: an IMEI has 15 digits, not 14")
        #expect(outer.description == "INVALID_FORMAT: account tenure must be written YYYY-MM-DD (caused by: INVALID_LENGTH: an IMEI has 15 digits, not 14)")
        #expect(OAError.unableToDoOCR.with(detail: "x").description == "ERROR_UNABLE_TO_DO_OCR (4001): IMEI NOT RECOGNIZED: x")
    }

    @Test func codesAreTheirTextAndStayWithTheirOwner() throws {
        let code: ValidationFailure.Code = "INVALID_CHECKSUM"
        #expect(code == .invalidChecksum && code.name == "INVALID_CHECKSUM" && code.description == "INVALID_CHECKSUM")
        #expect(EnrollmentError.Code.invalidCPF.rawValue == "INVALID_CPF")
        #expect([ValidationFailure.Code.invalidLength, .empty].sorted() == [.empty, .invalidLength])
        let json = try JSONEncoder().encode([ValidationFailure.Code.empty])
        #expect(String(decoding: json, as: UTF8.self) == #"["EMPTY"]"#)
        #expect(try JSONDecoder().decode([ValidationFailure.Code].self, from: json) == [.empty])
    }

    @Test func failuresCompareAndEncodeWithoutTheirCause() throws {
        struct Boom: Error {}
        let plain = ValidationFailure(.empty, "no IMEI given")
        let caused = ValidationFailure(.empty, "no IMEI given", cause: Boom())
        #expect(plain == caused && plain.hashValue == caused.hashValue)
        #expect(plain != ValidationFailure(.empty, "no CPF given"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(caused), as: UTF8.self) == #"{"code":"EMPTY","message":"no IMEI given"}"#)
        let back = try JSONDecoder().decode(ValidationFailure.self, from: try encoder.encode(caused))
        #expect(back == plain && back.cause == nil)
    }
}
