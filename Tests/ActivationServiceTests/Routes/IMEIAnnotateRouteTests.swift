import ActivationPipeline
import ActivationReader
@testable import ActivationService
import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

/// `POST /v1/imei?annotate=1` with the real reader, over a live loopback connection.
@Suite("POST /v1/imei?annotate=1")
struct IMEIAnnotateRouteTests {
    @Test("the body adds the annotated picture: a PNG of the upright image's size, IMEIs masked on it")
    func annotated() async throws {
        let image = try Fixtures.bytes(Fixtures.dialScreen)
        let app = try await TestApp.live()
        try await app.test(.live) { client in
            let response = try await client.execute(
                uri: "/v1/imei?annotate=1", method: .post, headers: [.contentType: "image/jpeg"], body: ByteBuffer(bytes: image))
            #expect(response.status == .ok)
            let json = try #require(response.json)
            let imeis = try #require(json["imeis"] as? [[String: Any]])
            #expect(imeis.compactMap { $0["value"] as? String } == Fixtures.dialScreenIMEIs)
            let encoded = try #require(json["annotated"] as? String)
            let png = try #require(Data(base64Encoded: encoded))
            let drawn = try #require(PNGHeader.size([UInt8](png)))
            let upright = try #require(try IMEIReader().read(Screenshot(name: "x", bytes: image)).facts)
            #expect(drawn.width == upright.pixelWidth && drawn.height == upright.pixelHeight)
            #expect(response.text.hasPrefix(#"{"annotated":""#), "keys stay sorted")
        }
    }

    @Test("without annotate=1 there is no picture, and an undecodable upload gets null")
    func plainAndUndecodable() async throws {
        let app = try await TestApp.live()
        try await app.test(.router) { client in
            let plain = try await client.execute(
                uri: "/v1/imei", method: .post, headers: [.contentType: "image/jpeg"],
                body: ByteBuffer(bytes: try Fixtures.bytes(Fixtures.dialScreen)))
            #expect(plain.json?["annotated"] == nil)
            let junk = try await client.execute(
                uri: "/v1/imei?annotate=1", method: .post, headers: [.contentType: "application/octet-stream"],
                body: ByteBuffer(bytes: Array("not an image".utf8)))
            #expect(junk.status == .unprocessableContent)
            #expect(junk.json?["annotated"] is NSNull)
            #expect((junk.json?["error"] as? [String: Any])?["code"] as? Int == 4005)
        }
    }
}
