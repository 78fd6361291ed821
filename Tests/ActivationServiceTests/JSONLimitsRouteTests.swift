import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import ActivationService

/// JSON bodies on the stored flows: their own cap, far below the file cap, and field maxima.
@Suite("JSON limits on /v1/activations")
struct JSONLimitsRouteTests {
    typealias F = FlowsAPIFixtures

    @Test("a JSON body over 64 kB is 413 (declared or not); a long token is 400 FIELD_INVALID naming it; nothing is created")
    func jsonCap() async throws {
        try await F.withDatabase { location in
            try await F.withClient(location, .live) { client in
                let huge = #"{"token": ""# + String(repeating: "t", count: 100_000) + #""}"#
                let refused = try await client.postJSON("/v1/activations", huge)
                #expect(refused.status == .contentTooLarge, "\(refused.text)")
                let long = #"{"token": ""# + String(repeating: "t", count: 3000) + #""}"#
                let invalid = try await client.postJSON("/v1/activations", long)
                #expect(invalid.status == .badRequest)
                let error = invalid.json?["error"] as? [String: Any]
                #expect(error?["code"] as? String == "FIELD_INVALID")
                #expect((error?["message"] as? String)?.contains("'token'") == true, "\(invalid.text)")
                #expect((error?["message"] as? String)?.contains("form field") == false)
                let ok = try await client.postJSON("/v1/activations", #"{"token": "sdk-token-1"}"#)
                #expect(ok.status == .created)
            }
        }
    }

    @Test("multipart fetchDeviceId has the JSON limits: a 10 MB address is 400; a repeated JSON name is 400")
    func oneTableForEveryWayIn() async throws {
        try await F.withDatabase { location in
            try await F.withClient(location, .live) { client in
                let id = try await F.create(client)
                let screenshot = try F.sample(F.screenshotName)
                let form = MultipartBody().text("step", "fetchDeviceId").text("address", String(repeating: "a", count: 10 << 20))
                    .file("screenshot", filename: "imei.png", type: "image/png", screenshot)
                let big = try await client.execute(uri: "/v1/activations/\(id)/steps", method: .post, headers: form.headers, body: form.buffer)
                #expect(big.status == .badRequest, "\(big.text.prefix(200))")
                #expect((big.json?["error"] as? [String: Any])?["message"] as? String == "the field 'address' is longer than 512 bytes")
                let twice = #"{"token": "\#(String(repeating: "t", count: 60_000))", "token": "short"}"#
                let repeated = try await client.postJSON("/v1/activations", twice)
                #expect(repeated.status == .badRequest, "\(repeated.text.prefix(200))")
            }
        }
    }
}
