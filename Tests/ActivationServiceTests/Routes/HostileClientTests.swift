import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import ActivationService

/// Clients that try to hold the service: uploads dripped a byte at a time, heads never
/// finished, idle connections, too many connections, bodies that go silent. Each runs against
/// the real server on loopback over real sockets, with timeouts short enough to take seconds.
@Suite("Hostile clients: uploads, deadlines, connections")
struct HostileClientTests {
    /// The head of a multipart upload to `/v1/imei` whose body never finishes.
    static func drippingUpload(length: Int = 100_000) -> String {
        "POST /v1/imei HTTP/1.1\r\nHost: test\r\nContent-Type: multipart/form-data; boundary=B\r\n"
            + "Content-Length: \(length)\r\n\r\n--B\r\nContent-Disposition: form-data; name=\"screenshot\"; filename=\"a.jpg\"\r\n\r\nAB"
    }

    /// Polls `/metrics` until it has a line starting with `line`, for up to 30 s.
    static func waitForMetric(_ client: some TestClientProtocol, _ line: String) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            let text = try await client.execute(uri: "/metrics", method: .get).text
            if text.split(separator: "\n").contains(where: { $0.hasPrefix(line) }) { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("no metric line \(line)")
        throw CancellationError()
    }

    static func code(_ response: TestResponse) -> String? {
        (response.json?["error"] as? [String: Any])?["code"] as? String
    }

    @Test("uploads dripping into every worker place do not turn honest reads away")
    func slowUploadsHoldNoWorker() async throws {
        // One worker, no queue: before, one stalled upload held the only place.
        let app = try await TestApp.with(TestEngines.factory(), TestApp.configuration(workers: 1, queue: 0))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let drippers = try (0..<6).map { _ in try RawConnection(port: port) }
            for dripper in drippers { dripper.send(Self.drippingUpload()) }
            try await Self.waitForMetric(client, "activation_http_in_flight_uploads 6")
            for _ in 0..<3 {
                let honest = try await client.execute(
                    uri: "/v1/imei", method: .post, headers: [.contentType: "image/jpeg"], body: ByteBuffer(bytes: [1, 2, 3])
                )
                // The test reader answers 4001 (422): it reached a worker, not a 503.
                #expect(honest.status == .unprocessableContent, "\(honest.text)")
            }
            withExtendedLifetime(drippers) {}
        }
    }

    @Test("over the upload budget (count or bytes) the answer is 503 UPLOAD_BUDGET with Retry-After, counted")
    func uploadBudget() async throws {
        var configuration = TestApp.configuration()
        configuration.maxUploads = 2
        configuration.maxUploadBytes = 4000
        let app = try await TestApp.with(TestEngines.factory(), configuration)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let drippers = try (0..<2).map { _ in try RawConnection(port: port) }
            for dripper in drippers { dripper.send(Self.drippingUpload()) }
            try await Self.waitForMetric(client, "activation_http_in_flight_uploads 2")
            let third = try await client.execute(
                uri: "/v1/imei", method: .post, headers: [.contentType: "image/jpeg"], body: ByteBuffer(bytes: [1])
            )
            #expect(third.status == .serviceUnavailable && Self.code(third) == "UPLOAD_BUDGET")
            #expect(third.headers[.retryAfter] == "1")
            withExtendedLifetime(drippers) {}
        }
        let bytesApp = try await TestApp.with(TestEngines.factory(), configuration)
        try await bytesApp.test(.live) { client in
            let big = try await client.execute(
                uri: "/v1/imei", method: .post, headers: [.contentType: "image/jpeg"], body: ByteBuffer(repeating: 1, count: 9000)
            )
            #expect(big.status == .serviceUnavailable && Self.code(big) == "UPLOAD_BUDGET")
            let small = try await client.execute(
                uri: "/v1/imei", method: .post, headers: [.contentType: "image/jpeg"], body: ByteBuffer(repeating: 1, count: 100)
            )
            #expect(small.status == .unprocessableContent, "the budget was given back")
            try await Self.waitForMetric(client, #"activation_pool_rejections_total{reason="upload_budget"} 1"#)
            try await Self.waitForMetric(client, "activation_http_upload_in_flight_bytes 0")
        }
    }

    @Test("a body that goes silent gets 408 BODY_TIMEOUT and the connection is closed")
    func bodyTimeout() async throws {
        var configuration = TestApp.configuration()
        configuration.connections.bodyTimeout = .milliseconds(300)
        // The test client's own connection, opened first and idle until the metric is read, is
        // not this test's subject: under a loaded run it outlived the 10 s header timeout and
        // was closed under the metric's poll ("I/O on closed channel").
        configuration.connections.headerTimeout = .seconds(120)
        let app = try await TestApp.with(TestEngines.factory(), configuration)
        try await app.test(.live) { client in
            let raw = try RawConnection(port: try #require(client.port))
            raw.send(Self.drippingUpload())
            let answer = try #require(await raw.readUntilClosed(timeout: .seconds(20)), "the server closed the connection")
            #expect(answer.hasPrefix("HTTP/1.1 408"))
            #expect(answer.contains("BODY_TIMEOUT"))
            try await Self.waitForMetric(client, #"activation_pool_rejections_total{reason="body_timeout"} 1"#)
        }
    }

    @Test("a head never finished is closed after the header timeout; honest requests go on")
    func headerTimeout() async throws {
        var configuration = TestApp.configuration()
        configuration.connections.headerTimeout = .milliseconds(300)
        let app = try await TestApp.with(TestEngines.factory(), configuration)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let stalled = try (0..<20).map { _ in try RawConnection(port: port) }
            for connection in stalled { connection.send("POST /v1/imei HTTP/1.1\r\nHost: test\r\nX-Half") }
            for connection in stalled {
                let answer = await connection.readUntilClosed(timeout: .seconds(20))
                #expect(answer == "", "closed without an answer")
            }
            // The test client's own connection sat idle past the header timeout too: ask anew.
            let honest = try RawConnection(port: port)
            honest.send("GET /metrics HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
            let metrics = try #require(await honest.readUntilClosed(timeout: .seconds(20)))
            #expect(metrics.hasPrefix("HTTP/1.1 200"))
            #expect(metrics.contains(#"activation_pool_rejections_total{reason="header_timeout"} "#))
        }
    }

    @Test("an idle kept-alive connection is closed after the idle timeout")
    func idleTimeout() async throws {
        var configuration = TestApp.configuration()
        configuration.connections.idleTimeout = .milliseconds(300)
        let app = try await TestApp.with(TestEngines.factory(), configuration)
        try await app.test(.live) { client in
            let raw = try RawConnection(port: try #require(client.port))
            raw.send("GET /health HTTP/1.1\r\nHost: test\r\n\r\n")
            let answer = try #require(await raw.readUntilClosed(timeout: .seconds(20)), "the server closed the connection")
            #expect(answer.hasPrefix("HTTP/1.1 200"), "the request itself was answered first")
        }
    }

    @Test("over --max-connections a new connection is closed at once, and counted")
    func maxConnections() async throws {
        var configuration = TestApp.configuration()
        configuration.connections.maxConnections = 3
        let app = try await TestApp.with(TestEngines.factory(), configuration)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            // The test client's own kept-alive connection is the first of the three.
            #expect(try await client.execute(uri: "/health", method: .get).status == .ok)
            let raw = try (0..<3).map { _ in try RawConnection(port: port) }
            for connection in raw { connection.send("GET /health HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n") }
            var answers: [String?] = []
            for connection in raw { answers.append(await connection.readUntilClosed(timeout: .seconds(20))) }
            // Connections are set up on several event loops, so which one is refused may vary.
            #expect(answers.filter { $0?.hasPrefix("HTTP/1.1 200") == true }.count == 2, "\(answers)")
            #expect(answers.filter { $0 == "" }.count == 1, "one closed without an answer")
            try await Self.waitForMetric(client, #"activation_pool_rejections_total{reason="connections"} 1"#)
            try await Self.waitForMetric(client, "activation_http_max_connections 3")
        }
    }

    @Test("with a key, every path but /health is 401 without it, routed or not")
    func authenticationBeforeRouting() async throws {
        var configuration = TestApp.configuration()
        configuration.apiKey = "s3cret-key"
        let app = try await TestApp.with(TestEngines.factory(), configuration)
        try await app.test(.router) { client in
            for path in ["/nowhere", "/v1/imei", "/v1/activations/abc", "/health/x", "/metrics"] {
                let response = try await client.execute(uri: path, method: .get)
                #expect(response.status == .unauthorized, "\(path)")
            }
            let known = try await client.execute(uri: "/nowhere", method: .get, headers: [.authorization: "Bearer s3cret-key"])
            #expect(known.status == .notFound)
            #expect(try await client.execute(uri: "/health", method: .get).status == .ok)
        }
    }
}
