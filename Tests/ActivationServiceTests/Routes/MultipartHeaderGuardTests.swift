@testable import ActivationService
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// A part whose header name holds a byte over 0x7F crashed the whole service (MultipartKit's
/// parser indexes a 128-entry table with it); found by the contract run's fuzzing. Now 400.
@Suite("Multipart header names that are not ASCII")
struct MultipartHeaderGuardTests {
    static let crashing: [UInt8] = Array("--bb\r\n".utf8) + [0xF0, 0xBF, 0xA4, 0xA6, 0xB7, 0xF9] + Array("--bb--\r\n".utf8)

    @Test("the guard refuses a non-ASCII header name, across chunk edges too, and passes a well-formed body")
    func guardRule() {
        var whole = MultipartHeaderGuard(boundary: "bb")
        let wholeAccepted = whole.accepts(ByteBuffer(bytes: Self.crashing))
        #expect(!wholeAccepted)
        var split = MultipartHeaderGuard(boundary: "bb")
        let head = split.accepts(ByteBuffer(bytes: Self.crashing.prefix(3)))
        let rest = split.accepts(ByteBuffer(bytes: Self.crashing.dropFirst(3)))
        #expect(head && !rest)
        let good = "--bb\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\n\u{e9}\u{f0}body --b\r\n--bb--\r\n"
        var fine = MultipartHeaderGuard(boundary: "bb")
        let fineAccepted = fine.accepts(ByteBuffer(string: good))
        #expect(fineAccepted, "non-ASCII in a value or a body is not refused")
    }

    @Test("the body that crashed the service is 400 MULTIPART_INVALID, and the service still answers")
    func routeSurvives() async throws {
        let app = try await TestApp.with(TestEngines.factory())
        try await app.test(.live) { client in
            for uri in ["/v1/kyc/prevalidate", "/v1/imei"] {
                let response = try await client.execute(
                    uri: uri, method: .post, headers: [.contentType: "multipart/form-data; boundary=bb"],
                    body: ByteBuffer(bytes: Self.crashing))
                #expect(response.status == .badRequest, "\(uri): \(response.text)")
                #expect(ConventionsTests.code(response) == "MULTIPART_INVALID")
            }
            let health = try await client.execute(uri: "/health", method: .get)
            #expect(health.status == .ok)
        }
    }
}
