import Foundation
import Testing
@testable import ActivationService

@Suite("KYCResponse")
struct KYCResponseTests {
    static func object(_ bytes: [UInt8]) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    @Test("fixed files land in their role's object wherever it sits")
    func placesFixedContent() throws {
        let report = #"{"verdict":"pass","front":{"score":0.5},"files":{"back":{}},"uploads":[{"role":"selfie"}]}"#
        let response = try KYCResponse.make(
            report: Array(report.utf8), fixed: ["front": [1], "back": [2], "selfie": [3]]
        )
        let json = try Self.object(response.body)
        #expect((json["front"] as? [String: Any])?["fixedContent"] as? String == "AQ==")
        #expect((json["front"] as? [String: Any])?["score"] as? Double == 0.5)
        #expect(((json["files"] as? [String: Any])?["back"] as? [String: Any])?["fixedContent"] as? String == "Ag==")
        #expect(((json["uploads"] as? [[String: Any]])?.first)?["fixedContent"] as? String == "Aw==")
        #expect(response.verdict == "pass")
        #expect(!response.isFailure)
    }

    @Test("a role the report does not hold gets its own top-level object")
    func addsMissingRole() throws {
        let response = try KYCResponse.make(report: Array(#"{"verdict":"pass"}"#.utf8), fixed: ["selfie": [0xFF]])
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"selfie":{"fixedContent":"/w=="},"verdict":"pass"}"#)
    }

    @Test("error codes are collected, free text is not; fail is a failure")
    func codes() throws {
        let report = #"{"verdict":"fail","selfie":{"errors":[{"code":"FILE_MISSING"},{"code":"not a code"}]},"back":{"errors":[{"code":"BLURRY"}]}}"#
        let response = try KYCResponse.make(report: Array(report.utf8), fixed: [:])
        #expect(response.errorCodes == ["BLURRY", "FILE_MISSING"])
        #expect(response.isFailure)
    }

    @Test("a report that is not an object is a 500")
    func notAnObject() {
        #expect(throws: ServiceError.self) { try KYCResponse.make(report: Array("[1,2]".utf8), fixed: [:]) }
    }
}
