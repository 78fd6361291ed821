import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import ActivationService

@Suite("Limits: body cap, saturation, timeout, API key")
struct LimitsTests {
    @Test("a 40 MB body is 413 under the default 32 MB cap, over a live connection")
    func oversizedBody() async throws {
        let app = try await TestApp.with(TestEngines.factory(), TestApp.configuration())
        try await app.test(.live) { client in
            let big = ByteBuffer(repeating: 0x41, count: 40 << 20)
            let raw = try await client.execute(uri: "/v1/imei", method: .post, headers: [.contentType: "image/jpeg"], body: big)
            #expect(raw.status == .contentTooLarge)
            #expect((raw.json?["error"] as? [String: Any])?["code"] as? String == "BODY_TOO_LARGE")
            let form = MultipartBody()
            let kyc = try await client.execute(uri: "/v1/kyc/prevalidate", method: .post, headers: form.headers, body: big)
            #expect(kyc.status == .contentTooLarge)
            // The connection is still usable after the server dropped the rest.
            let health = try await client.execute(uri: "/health", method: .get)
            #expect(health.status == .ok)
        }
    }

    @Test("with 1 worker and no queue, concurrent reads beyond the first get 503 with Retry-After")
    func saturated() async throws {
        let image = try Fixtures.bytes(Fixtures.dialScreen)
        let app = try await TestApp.live(TestApp.configuration(workers: 1, queue: 0))
        try await app.test(.router) { client in
            let statuses = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
                for _ in 0..<6 {
                    group.addTask {
                        let response = try await client.execute(
                            uri: "/v1/imei", method: .post, headers: [.contentType: "image/jpeg"], body: ByteBuffer(bytes: image)
                        )
                        return (response.status.code, response.headers[.retryAfter])
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.contains { $0.0 == 200 })
            #expect(statuses.contains { $0.0 == 503 })
            #expect(statuses.allSatisfy { $0.0 == 200 || $0.0 == 503 })
            #expect(statuses.filter { $0.0 == 503 }.allSatisfy { $0.1 == "1" })
            let metrics = try await client.execute(uri: "/metrics", method: .get).text
            #expect(metrics.contains(#"activation_pool_rejections_total{reason="busy"}"#))
        }
    }

    @Test("a request that outlives the timeout is 504; the next one is served")
    func timeout() async throws {
        var configuration = TestApp.configuration(workers: 1, queue: 4)
        // A tenfold margin, so that a busy test process cannot let the slow read win the race.
        configuration.requestTimeout = .milliseconds(500)
        let app = try await TestApp.with(TestEngines.factory(delay: .seconds(5)), configuration)
        try await app.test(.router) { client in
            let slow = try await client.execute(
                uri: "/v1/imei", method: .post, headers: [.contentType: "image/jpeg"], body: ByteBuffer(bytes: [1])
            )
            #expect(slow.status == .gatewayTimeout)
            #expect((slow.json?["error"] as? [String: Any])?["code"] as? String == "TIMEOUT")
            let health = try await client.execute(uri: "/health", method: .get)
            #expect(health.status == .ok)
        }
    }

    @Test("a 504 stops the reading: its worker's only place is free for the next request at once")
    func timeoutStopsTheWork() async throws {
        var configuration = TestApp.configuration(workers: 1, queue: 0)
        configuration.requestTimeout = .milliseconds(300)
        let app = try await TestApp.with(TestEngines.factory(delay: .seconds(30)), configuration)
        try await app.test(.router) { client in
            let before = SlowReader.stopped.load(ordering: .relaxed)
            for _ in 0..<3 {
                // Had the first reading gone on, the second would find the one place taken: 503.
                let clock = ContinuousClock(), start = clock.now
                let slow = try await client.execute(
                    uri: "/v1/imei", method: .post, headers: [.contentType: "image/jpeg"], body: ByteBuffer(bytes: [1])
                )
                #expect(slow.status == .gatewayTimeout)
                #expect(clock.now - start < .seconds(20))
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(SlowReader.stopped.load(ordering: .relaxed) >= before + 3)
        }
    }

    @Test("one client past its share of the workers gets 429 with Retry-After; another client is served next")
    func clientShare() async throws {
        // The order is only told when the other client's job waits in the queue beside the hog's;
        // a machine that delays its request past the hog's first reading is run again, at most thrice.
        for _ in 1...3 where try await clientShareScenario() { return }
        Issue.record("the other client's job never reached the queue while the hog's waited, in 3 runs")
    }

    /// One run of the client-share scenario; false when the other client's job did not wait in
    /// the queue beside the hog's (nothing about the order can be told then).
    private func clientShareScenario() async throws -> Bool {
        var configuration = TestApp.configuration(workers: 1, queue: 4)
        configuration.clientPlaces = 2
        // Each reading takes 2 s: the other client's request must reach the queue while the
        // hog's first runs, on a loaded machine too (800 ms was too short on a slow one).
        let app = try await TestApp.with(TestEngines.factory(delay: .seconds(2)), configuration)
        return try await app.test(.live) { client in
            let port = try #require(client.port)
            let request = "POST /v1/imei HTTP/1.1\r\nHost: x\r\nContent-Type: image/jpeg\r\nContent-Length: 1\r\nConnection: close\r\n\r\n1"
            let clock = ContinuousClock(), start = clock.now
            func send(from source: String) async throws -> (answer: String, at: Duration) {
                let raw = try RawConnection(port: port, from: source)
                raw.send(request)
                let answer = await raw.readUntilClosed(timeout: .seconds(20)) ?? ""
                return (answer, clock.now - start)
            }
            func waitForQueued(_ count: Int) async throws -> Bool {
                for _ in 0..<100 {
                    let metrics = try await client.execute(uri: "/metrics", method: .get).text
                    if metrics.split(separator: "\n").contains(where: { $0.hasPrefix(#"activation_pool_queued_jobs{pool="engines"} \#(count)"#) }) {
                        return true
                    }
                    try await Task.sleep(for: .milliseconds(20))
                }
                return false
            }
            // Four at once from one address: two places, then 429 (not 503: the pool had room).
            async let hog = withThrowingTaskGroup(of: (answer: String, at: Duration).self) { group in
                for _ in 0..<4 { group.addTask { try await send(from: "127.0.0.1") } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            // Only once the hog's second job waits in the queue does the other client come.
            _ = try await waitForQueued(1)
            async let other = send(from: "127.0.0.2")
            let bothQueued = try await waitForQueued(2)
            let (answers, otherAnswer) = try await (hog, other)
            let refused = answers.filter { $0.answer.hasPrefix("HTTP/1.1 429") }
            #expect(refused.count == 2, "\(answers.map { $0.answer.prefix(20) })")
            #expect(refused.allSatisfy { $0.answer.lowercased().contains("retry-after: 1") && $0.answer.contains("CLIENT_SHARE") })
            let served = answers.filter { $0.answer.hasPrefix("HTTP/1.1 422") }.map(\.at).sorted()
            #expect(served.count == 2)
            #expect(otherAnswer.answer.hasPrefix("HTTP/1.1 422"))
            let metrics = try await client.execute(uri: "/metrics", method: .get).text
            #expect(metrics.contains(#"activation_pool_rejections_total{reason="client_share"} 2"#))
            guard bothQueued else { return false }
            // The other client's job ran right after the one running, ahead of the hog's queued one.
            if let last = served.last { #expect(otherAnswer.at < last, "the other client waited behind the hog's queue") }
            return true
        }
    }

    @Test("with an API key, a missing or wrong bearer is 401; /health stays open")
    func apiKey() async throws {
        var configuration = TestApp.configuration()
        configuration.apiKey = "s3cret-key"
        let app = try await TestApp.with(TestEngines.factory(), configuration)
        try await app.test(.live) { client in
            let none = try await client.execute(uri: "/metrics", method: .get)
            #expect(none.status == .unauthorized)
            #expect(none.headers[.wwwAuthenticate] == #"Bearer realm="activation""#)
            let wrong = try await client.execute(
                uri: "/v1/imei", method: .post, headers: [.authorization: "Bearer s3cret-kez", .contentType: "image/jpeg"],
                body: ByteBuffer(bytes: [1])
            )
            #expect(wrong.status == .unauthorized)
            #expect((wrong.json?["error"] as? [String: Any])?["code"] as? String == "UNAUTHORIZED")
            let right = try await client.execute(uri: "/metrics", method: .get, headers: [.authorization: "Bearer s3cret-key"])
            #expect(right.status == .ok)
            #expect(try await client.execute(uri: "/health", method: .get).status == .ok)
        }
    }
}
