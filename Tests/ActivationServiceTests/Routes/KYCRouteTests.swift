import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import ActivationService

@Suite("POST /v1/kyc/prevalidate")
struct KYCRouteTests {
    /// The object of `role` in a report: at the top level or one level down.
    static func file(_ role: String, in report: [String: Any]) -> [String: Any]? {
        if let file = report[role] as? [String: Any] { return file }
        for value in report.values {
            if let group = value as? [String: Any], let file = group[role] as? [String: Any] { return file }
            if let list = value as? [[String: Any]], let file = list.first(where: { $0["role"] as? String == role }) {
                return file
            }
        }
        return nil
    }

    @Test("a missing selfie fails with FILE_MISSING: 422, with the validator the service ships")
    func missingSelfie() async throws {
        let image = try Fixtures.bytes(Fixtures.dialScreen)
        let form = MultipartBody()
            .file("front", filename: "front.jpg", image)
            .file("back", filename: "back.jpg", image)
            .text("documentType", "AADHAAR").text("documentCountry", "IN").text("documentState", "KA")
        let app = try await TestApp.live()
        try await app.test(.router) { client in
            let response = try await client.execute(
                uri: "/v1/kyc/prevalidate", method: .post, headers: form.headers, body: form.buffer
            )
            #expect(response.status == .unprocessableContent)
            let report = try #require(response.json)
            #expect(report["verdict"] as? String == "fail")
            let selfie = try #require(Self.file("selfie", in: report))
            let text = String(decoding: try JSONSerialization.data(withJSONObject: selfie), as: UTF8.self)
            #expect(text.contains("FILE_MISSING"))

            let metrics = try await client.execute(uri: "/metrics", method: .get).text
            #expect(metrics.contains(#"activation_kyc_verdicts_total{verdict="fail"} 1"#))
            #expect(metrics.contains(#"activation_kyc_errors_total{code="FILE_MISSING"}"#))
        }
    }

    @Test("every multipart field reaches the validator; fixed files come back in fixedContent")
    func plumbing() async throws {
        let log = CallLog()
        let fixedFront: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3]
        let report = #"{"verdict":"pass","front":{"verdict":"pass","errors":[]},"files":{"back":{"verdict":"pass"}}}"#
        let engines = TestEngines.factory(kyc: {
            FixedKYC(report: report, fixed: ["front": fixedFront, "back": [9, 9]], log: log)
        })
        let form = MultipartBody()
            .file("front", filename: "front.jpg", [1, 2, 3])
            .file("back", filename: "back.png", type: "image/png", [4, 5])
            .file("selfie", filename: "me.jpg", [6])
            .text("documentType", "PASSPORT").text("documentCountry", "IN").text("documentState", " MH ")
            .text("fix", "true").text("unknown", "ignored")
        let app = try await TestApp.with(engines)
        try await app.test(.router) { client in
            let response = try await client.execute(
                uri: "/v1/kyc/prevalidate", method: .post, headers: form.headers, body: form.buffer
            )
            #expect(response.status == .ok)
            let call = try #require(log.all.first)
            #expect(call.front == [1, 2, 3])
            #expect(call.frontName == "front.jpg")
            #expect(call.back == [4, 5])
            #expect(call.selfie == [6])
            #expect(call.documentType == "PASSPORT")
            #expect(call.documentCountry == "IN")
            #expect(call.documentState == "MH")
            #expect(call.fix)
            let json = try #require(response.json)
            #expect((json["front"] as? [String: Any])?["fixedContent"] as? String == Data(fixedFront).base64EncodedString())
            let back = (json["files"] as? [String: Any])?["back"] as? [String: Any]
            #expect(back?["fixedContent"] as? String == Data([9, 9]).base64EncodedString())
        }
    }

    @Test("a fail verdict is 422; without fix, no fixedContent")
    func failVerdict() async throws {
        let engines = TestEngines.factory(kyc: {
            FixedKYC(report: #"{"verdict":"fail","selfie":{"errors":[{"code":"FACE_NOT_FOUND"}]}}"#, fixed: ["selfie": [1]])
        })
        let form = MultipartBody().file("selfie", filename: "me.jpg", [1])
        let app = try await TestApp.with(engines)
        try await app.test(.router) { client in
            let response = try await client.execute(
                uri: "/v1/kyc/prevalidate", method: .post, headers: form.headers, body: form.buffer
            )
            #expect(response.status == .unprocessableContent)
            #expect(!response.text.contains("fixedContent"))
            let metrics = try await client.execute(uri: "/metrics", method: .get).text
            #expect(metrics.contains(#"activation_kyc_errors_total{code="FACE_NOT_FOUND"} 1"#))
        }
    }

    @Test("a body that is not multipart is 415; a bad fix flag or strictness 400; a bad body 400")
    func badRequests() async throws {
        let app = try await TestApp.with(TestEngines.factory())
        try await app.test(.router) { client in
            let json = try await client.execute(
                uri: "/v1/kyc/prevalidate", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: "{}")
            )
            #expect(json.status == .unsupportedMediaType)

            let form = MultipartBody().text("fix", "maybe")
            let flag = try await client.execute(uri: "/v1/kyc/prevalidate", method: .post, headers: form.headers, body: form.buffer)
            #expect(flag.status == .badRequest)
            #expect((flag.json?["error"] as? [String: Any])?["code"] as? String == "FIELD_INVALID")

            let level = MultipartBody().text("strictness", "lenient")
            let strictness = try await client.execute(uri: "/v1/kyc/prevalidate", method: .post, headers: level.headers, body: level.buffer)
            #expect(strictness.status == .badRequest)
            #expect((strictness.json?["error"] as? [String: Any])?["code"] as? String == "FIELD_INVALID")

            let broken = try await client.execute(
                uri: "/v1/kyc/prevalidate", method: .post, headers: form.headers,
                body: ByteBuffer(string: "--\(form.boundary)\r\nX-Nothing: here\r\n\r\nvalue\r\n--\(form.boundary)--\r\n")
            )
            #expect(broken.status == .badRequest)
            #expect((broken.json?["error"] as? [String: Any])?["code"] as? String == "MULTIPART_INVALID")
        }
    }
}
