import ActivationFlows
import ActivationPipeline
import ActivationReader
@testable import ActivationService
import ActivationStorage
import Foundation
import Hummingbird
import HummingbirdTesting
import KYCCheck
import TestSupport
import Testing

/// `POST /v1/imei` with the real reader on real screenshots.
@Suite("POST /v1/imei")
struct IMEIRouteTests {
    @Test("a multipart screenshot field is read: 200 with its IMEIs, sorted keys, the file name echoed")
    func multipart() async throws {
        let form = MultipartBody().file("screenshot", filename: "dial.jpg", try Fixtures.bytes(Fixtures.dialScreen))
        let app = try await TestApp.live()
        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/v1/imei", method: .post, headers: form.headers, body: form.buffer)
            #expect(response.status == .ok)
            let json = try #require(response.json)
            let imeis = try #require(json["imeis"] as? [[String: Any]])
            #expect(imeis.compactMap { $0["value"] as? String } == Fixtures.dialScreenIMEIs)
            #expect(json["file"] as? String == "dial.jpg")
            #expect(json["error"] is NSNull)
            #expect(response.text.hasPrefix(#"{"error":null,"file":"dial.jpg","imeis":[{"box":"#))
        }
    }

    @Test("a raw image body is read, over a live loopback connection")
    func rawBody() async throws {
        let image = try Fixtures.bytes(Fixtures.dialScreen)
        let app = try await TestApp.live()
        try await app.test(.live) { client in
            let response = try await client.execute(
                uri: "/v1/imei", method: .post, headers: [.contentType: "image/jpeg"], body: ByteBuffer(bytes: image)
            )
            #expect(response.status == .ok)
            let imeis = try #require(response.json?["imeis"] as? [[String: Any]])
            #expect(imeis.compactMap { $0["value"] as? String } == Fixtures.dialScreenIMEIs)
            #expect(response.json?["file"] as? String == "screenshot")
        }
    }

    @Test("a screen with no IMEI is 422 with SDK code 4001 in the body")
    func noIMEI() async throws {
        let image = try Fixtures.bytes(Fixtures.chatScreen)
        let app = try await TestApp.live()
        try await app.test(.router) { client in
            let response = try await client.execute(
                uri: "/v1/imei", method: .post, headers: [.contentType: "application/octet-stream"], body: ByteBuffer(bytes: image)
            )
            #expect(response.status == .unprocessableContent)
            let error = try #require(response.json?["error"] as? [String: Any])
            #expect(error["code"] as? Int == 4001)
            #expect(error["name"] as? String == "ERROR_UNABLE_TO_DO_OCR")
        }
    }

    @Test("bytes that are no image are 422 with SDK code 4005")
    func notAnImage() async throws {
        let app = try await TestApp.live()
        try await app.test(.router) { client in
            let response = try await client.execute(
                uri: "/v1/imei", method: .post, headers: [.contentType: "image/png"], body: ByteBuffer(string: "not a png at all")
            )
            #expect(response.status == .unprocessableContent)
            let error = try #require(response.json?["error"] as? [String: Any])
            #expect(error["code"] as? Int == 4005)
        }
    }

    @Test("a text body is 415, an empty one 400, a form without the field 400")
    func badRequests() async throws {
        let app = try await TestApp.with(TestEngines.factory())
        try await app.test(.router) { client in
            let text = try await client.execute(
                uri: "/v1/imei", method: .post, headers: [.contentType: "text/plain"], body: ByteBuffer(string: "hello")
            )
            #expect(text.status == .unsupportedMediaType)
            #expect((text.json?["error"] as? [String: Any])?["code"] as? String == "UNSUPPORTED_MEDIA_TYPE")

            let empty = try await client.execute(uri: "/v1/imei", method: .post, headers: [.contentType: "image/jpeg"])
            #expect(empty.status == .badRequest)
            #expect((empty.json?["error"] as? [String: Any])?["code"] as? String == "BODY_EMPTY")

            let form = MultipartBody().text("note", "no screenshot here")
            let missing = try await client.execute(uri: "/v1/imei", method: .post, headers: form.headers, body: form.buffer)
            #expect(missing.status == .badRequest)
            #expect((missing.json?["error"] as? [String: Any])?["code"] as? String == "FIELD_MISSING")
        }
    }

    @Test("the status follows the SDK code", arguments: [
        (nil, 200), (4001, 422), (4005, 422), (4006, 500),
    ] as [(Int?, Int)])
    func status(code: Int?, status: Int) {
        let result = ScreenshotResult(
            file: "x", imeis: [], meid: nil, error: code.flatMap { OAError(code: $0) }
        )
        #expect(IMEIController<ServiceContext>.status(for: result).code == status)
    }
}
