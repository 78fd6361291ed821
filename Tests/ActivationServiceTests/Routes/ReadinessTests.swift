import ActivationFlows
@testable import ActivationService
import ActivationStorage
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// `GET /ready`: 200 only while the flow store answers a real query within the readiness
/// deadline and the engines (and the deep reader, when installed) are loaded; 503 with the
/// reason otherwise, in words that name no URL or internal error. Open like `/health`.
@Suite("GET /ready")
struct ReadinessTests {
    /// A SQLite store in a temporary folder, for the length of `body`.
    static func withSQLite<T: Sendable>(_ body: @Sendable (any FlowStore) async throws -> T) async throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ready-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let location = StoreLocation.sqlite(path: folder.appendingPathComponent("flows.sqlite").path)
        return try await location.withStore(FlowStores.self, logger: TestApp.logger) { store in try await body(store) }
    }

    @Test("a store that answers and loaded engines: 200 with every check, open without the API key that /metrics needs")
    func ready() async throws {
        try await Self.withSQLite { store in
            var configuration = TestApp.configuration()
            configuration.apiKey = "k3y"
            configuration.deepReader = .loaded
            // This test is about the answer of a store that answers, not about the deadline (the
            // PostgreSQL test below stops one): it runs beside CPU-bound reading suites that can
            // hold both cores of a CI machine for seconds, so its deadline is generous.
            configuration.readinessDeadline = .seconds(30)
            let app = try await buildApplication(configuration, engines: TestEngines.factory(), store: store, logger: TestApp.logger)
            try await app.test(.live) { client in
                let ready = try await client.execute(uri: "/ready", method: .get)
                #expect(ready.status == .ok, "\(ready.text)")
                #expect(ready.text == #"{"checks":{"database":"ok","deepReader":"ok","engines":"ok"},"status":"ready"}"#)
                #expect(ready.headers[.contentType] == "application/json; charset=utf-8")
                let metrics = try await client.execute(uri: "/metrics", method: .get)
                #expect(metrics.status == .unauthorized, "only /health and /ready are open")
                let scraped = try await client.execute(uri: "/metrics", method: .get, headers: [.authorization: "Bearer k3y"])
                #expect(scraped.text.contains("activation_deep_reader_available 1"), "\(scraped.text)")
                #expect(scraped.text.contains("activation_ready 1"))
            }
        }
    }

    @Test("an installed deep reader that would not load: 503 NOT_READY with Retry-After, and the gauge says 0")
    func deepReaderFailed() async throws {
        var configuration = TestApp.configuration()
        configuration.deepReader = .failed
        configuration.retryAfterSeconds = 3
        let app = try await buildApplication(configuration, engines: TestEngines.factory(), logger: TestApp.logger)
        try await app.test(.router) { client in
            let ready = try await client.execute(uri: "/ready", method: .get)
            #expect(ready.status == .serviceUnavailable)
            #expect(ready.headers[.retryAfter] == "3")
            let body = try #require(ready.json)
            #expect(body["status"] as? String == "not_ready")
            #expect((body["checks"] as? [String: String])?["deepReader"] == "failed")
            let error = try #require(body["error"] as? [String: String])
            #expect(error["code"] == "NOT_READY" && error["message"] == "the deep reader is installed but would not load")
            let health = try await client.execute(uri: "/health", method: .get)
            #expect(health.status == .ok, "/health stays liveness")
            let metrics = try await client.execute(uri: "/metrics", method: .get)
            #expect(metrics.text.contains("activation_deep_reader_available 0") && metrics.text.contains("activation_ready 0"))
        }
    }

    @Test("no flow store and no deep reader installed: ready, and the checks say so")
    func noStore() async throws {
        var configuration = TestApp.configuration()
        configuration.deepReader = .notInstalled
        let app = try await buildApplication(configuration, engines: TestEngines.factory(), logger: TestApp.logger)
        try await app.test(.router) { client in
            let ready = try await client.execute(uri: "/ready", method: .get)
            #expect(ready.status == .ok)
            #expect(ready.text == #"{"checks":{"database":"none","deepReader":"not_installed","engines":"ok"},"status":"ready"}"#)
        }
    }

    @Test("PostgreSQL stops: /ready is 503 within 5 s, naming no URL; it starts again: 200",
          .enabled(if: PrivatePostgres.available, "needs PostgreSQL's server binaries"), .timeLimit(.minutes(3)))
    func postgresStopsAndReturns() async throws {
        let cluster = try await PrivatePostgres.background { let cluster = try PrivatePostgres(); try cluster.start(); return cluster }
        defer { cluster.remove() }
        let location = try StoreLocation.flows(db: nil, url: cluster.url)
        try await location.withStore(FlowStores.self, logger: TestApp.logger) { store in
            var configuration = TestApp.configuration()
            configuration.deepReader = .loaded
            configuration.requestTimeout = .seconds(3)  // the create while the server is down waits no longer
            let app = try await buildApplication(configuration, engines: TestEngines.factory(), store: store, logger: TestApp.logger)
            try await app.test(.live) { client in
                // Up: ready once the database answers its probe (within 1.5 s, which a loaded
                // 2-core machine may miss on the first connection).
                let clock = ContinuousClock(), opened = clock.now
                var before = try await client.execute(uri: "/ready", method: .get)
                while before.status != .ok, clock.now - opened < .seconds(30) {
                    try await Task.sleep(for: .milliseconds(200))
                    before = try await client.execute(uri: "/ready", method: .get)
                }
                #expect(before.status == .ok, "\(before.text)")

                try await PrivatePostgres.background { try cluster.stop() }
                let stopped = clock.now
                var down = try await client.execute(uri: "/ready", method: .get)
                while down.status == .ok, clock.now - stopped < .seconds(30) {
                    try await Task.sleep(for: .milliseconds(200))
                    down = try await client.execute(uri: "/ready", method: .get)
                }
                let toDown = clock.now - stopped
                #expect(down.status == .serviceUnavailable, "\(down.text)")
                #expect(toDown < .seconds(5), "503 came \(toDown) after the server stopped")
                let body = try #require(down.json)
                #expect((body["checks"] as? [String: String])?["database"] == "unavailable")
                #expect((body["error"] as? [String: String])?["message"] == "the database did not answer within 1.5 s")
                #expect(!down.text.contains("postgres") && !down.text.contains(String(cluster.port)), "no URL: \(down.text)")
                let create = try await client.execute(
                    uri: "/v1/activations", method: .post, headers: [.contentType: "application/json"],
                    body: ByteBuffer(string: #"{"token": "t"}"#))
                #expect(create.status == .serviceUnavailable && ConventionsTests.code(create) == "FLOW_STORE_QUERY", "\(create.text)")
                #expect(!create.text.contains("postgres") && !create.text.contains(String(cluster.port)), "no URL: \(create.text)")
                #expect(!create.text.contains("PSQL") && !create.text.contains("Error"), "no internal name: \(create.text)")

                try await PrivatePostgres.background { try cluster.start() }
                let started = clock.now
                var up = try await client.execute(uri: "/ready", method: .get)
                while up.status != .ok, clock.now - started < .seconds(60) {
                    try await Task.sleep(for: .milliseconds(200))
                    up = try await client.execute(uri: "/ready", method: .get)
                }
                #expect(up.status == .ok, "back to 200 after \(clock.now - started): \(up.text)")
                print("ready: 503 \(toDown) after PostgreSQL stopped; 200 \(clock.now - started) after it started")
            }
        }
    }
}
