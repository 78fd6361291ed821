import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import ActivationService

@Suite("GET /health and /metrics")
struct HealthAndMetricsTests {
    @Test("/health answers 200 {\"status\":\"ok\"}")
    func health() async throws {
        let app = try await TestApp.with(TestEngines.factory())
        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/health", method: .get)
            #expect(response.status == .ok)
            #expect(response.text == #"{"status":"ok"}"#)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
        }
    }

    @Test("/metrics counts requests by route and status, IMEI results by code, and the pool")
    func metrics() async throws {
        let app = try await TestApp.with(TestEngines.factory())
        try await app.test(.router) { client in
            _ = try await client.execute(uri: "/health", method: .get)
            let read = try await client.execute(
                uri: "/v1/imei", method: .post, headers: [.contentType: "image/png"], body: ByteBuffer(bytes: [1, 2, 3])
            )
            #expect(read.status == .unprocessableContent)
            _ = try await client.execute(uri: "/nowhere", method: .get)
            let response = try await client.execute(uri: "/metrics", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/plain; version=0.0.4; charset=utf-8")
            let text = response.text
            #expect(text.contains(#"activation_http_requests_total{route="/health",method="GET",status="200"} 1"#))
            #expect(text.contains(#"activation_http_requests_total{route="/v1/imei",method="POST",status="422"} 1"#))
            #expect(text.contains(#"activation_http_requests_total{route="unmatched",method="GET",status="404"} 1"#))
            #expect(text.contains("# TYPE activation_http_request_duration_seconds histogram"))
            #expect(text.contains(#"activation_http_request_duration_seconds_bucket{route="/v1/imei",method="POST",status="422",le="+Inf"} 1"#))
            #expect(text.contains(#"activation_imei_results_total{code="4001"} 1"#))
            #expect(text.contains(#"activation_pool_capacity_jobs{pool="engines"} 5"#))
        }
    }
}
