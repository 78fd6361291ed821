import ActivationPipeline
@testable import ActivationService
import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

/// `POST /v1/imei?explain=1` with the real reader: the reader's stages are added only when asked.
@Suite("POST /v1/imei?explain=1")
struct IMEIExplainRouteTests {
    @Test("explain=1 adds the reader's stages, each with a name, its time and what it concluded")
    func explained() async throws {
        let app = try await TestApp.live()
        try await app.test(.router) { client in
            let response = try await client.execute(
                uri: "/v1/imei?explain=1", method: .post, headers: [.contentType: "image/jpeg"],
                body: ByteBuffer(bytes: try Fixtures.bytes(Fixtures.dialScreen)))
            #expect(response.status == .ok)
            let json = try #require(response.json)
            let imeis = try #require(json["imeis"] as? [[String: Any]])
            #expect(imeis.compactMap { $0["value"] as? String } == Fixtures.dialScreenIMEIs)
            let stages = try #require(json["stages"] as? [[String: Any]])
            #expect(stages.first?["name"] as? String == "bands", "the plan starts with the number bands")
            for stage in stages {
                #expect((stage["name"] as? String).map { !$0.isEmpty && !$0.contains(" ") } == true)
                #expect((stage["ms"] as? Int).map { $0 >= 0 } == true)
                #expect(stage["concluded"] is String)
            }
            #expect(stages.contains { $0["verdict"] is String }, "one stage ended the passes")
        }
    }

    @Test("without explain=1 (or with explain=0) the body is the reader's JSON, no stages")
    func unchangedUnlessAsked() async throws {
        let app = try await TestApp.live()
        try await app.test(.router) { client in
            for uri in ["/v1/imei", "/v1/imei?explain=0"] {
                let response = try await client.execute(
                    uri: uri, method: .post, headers: [.contentType: "image/jpeg"],
                    body: ByteBuffer(bytes: try Fixtures.bytes(Fixtures.dialScreen)))
                #expect(response.status == .ok)
                #expect(response.json?["stages"] == nil, "\(uri)")
                #expect(!response.text.contains("\"stages\""))
            }
        }
    }
}
