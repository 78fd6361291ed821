import ActivationFlows
@testable import ActivationService
import ActivationStorage
import Foundation
import Hummingbird
import HummingbirdTesting
import HTTPTypes
import Testing

/// The conventions an operator expects of an HTTP service, over loopback: JSON bodies on 404
/// and 405 (with `Allow`), `X-Request-Id` on every response, and `100 Continue` answered.
@Suite("HTTP conventions")
struct ConventionsTests {
    /// The service's error code in a response body.
    static func code(_ response: TestResponse) -> String? {
        (response.json?["error"] as? [String: Any])?["code"] as? String
    }

    @Test("an unknown path is 404 NOT_FOUND and a known path with another method 405 with Allow, both in the error body")
    func notFoundAndMethodNotAllowed() async throws {
        try await ReadinessTests.withSQLite { store in
            let app = try await buildApplication(TestApp.configuration(), engines: TestEngines.factory(), store: store, logger: TestApp.logger)
            try await app.test(.router) { client in
                let missing = try await client.execute(uri: "/nowhere", method: .get)
                #expect(missing.status == .notFound)
                #expect(Self.code(missing) == "NOT_FOUND", "\(missing.text)")
                #expect(missing.headers[.contentType] == "application/json; charset=utf-8")

                let imei = try await client.execute(uri: "/v1/imei", method: .get)
                #expect(imei.status == .methodNotAllowed, "GET /v1/imei was 404 before")
                #expect(Self.code(imei) == "METHOD_NOT_ALLOWED" && imei.headers[.allow] == "POST", "\(imei.text)")

                let view = try await client.execute(uri: "/v1/activations/\(UUID())", method: .delete)
                #expect(view.status == .methodNotAllowed && view.headers[.allow] == "GET")
                let steps = try await client.execute(uri: "/v1/enrollments/abc/steps", method: .get)
                #expect(steps.status == .methodNotAllowed && steps.headers[.allow] == "POST")
                let health = try await client.execute(uri: "/health", method: .post)
                #expect(health.status == .methodNotAllowed && health.headers[.allow] == "GET")

                let metrics = try await client.execute(uri: "/metrics", method: .get)
                #expect(metrics.text.contains(#"activation_http_requests_total{route="unmatched",method="GET",status="405"} 2"#))
                #expect(metrics.text.contains(#"activation_http_requests_total{route="unmatched",method="GET",status="404"} 1"#))
            }
        }
    }

    @Test("the route table knows every routed path: none of them answers 404 or 405 for its own method")
    func routeTableMatchesRouter() async throws {
        try await ReadinessTests.withSQLite { store in
            let app = try await buildApplication(TestApp.configuration(), engines: TestEngines.factory(), store: store, logger: TestApp.logger)
            try await app.test(.router) { client in
                for route in RouteTable.service(flows: true).routes {
                    let path = route.template.replacingOccurrences(of: "{id}", with: UUID().uuidString)
                    for method in route.methods {
                        let response = try await client.execute(uri: path, method: .init(method)!)
                        #expect(![404, 405].contains(response.status.code) || Self.code(response)?.hasPrefix("FLOW_") == true,
                                "\(method) \(path): \(response.status) \(response.text)")
                    }
                }
            }
        }
    }

    @Test("X-Request-Id: the client's when it is usable, else a new one; on errors and 401s too")
    func requestID() async throws {
        var configuration = TestApp.configuration()
        configuration.apiKey = "k3y"
        let app = try await buildApplication(configuration, engines: TestEngines.factory(), logger: TestApp.logger)
        let header = HTTPField.Name("X-Request-Id")!
        try await app.test(.router) { client in
            let given = try await client.execute(uri: "/health", method: .get, headers: [header: "abc-123_X.y:z"])
            #expect(given.headers[header] == "abc-123_X.y:z")
            let made = try await client.execute(uri: "/health", method: .get)
            let id = try #require(made.headers[header])
            #expect(UUID(uuidString: id) != nil, "a new one: \(id)")
            for bad in [String(repeating: "a", count: 129), "has space", "new\u{7f}line", ""] {
                let response = try await client.execute(uri: "/health", method: .get, headers: [header: bad])
                let answered = try #require(response.headers[header])
                #expect(answered != bad && UUID(uuidString: answered) != nil, "\(bad.prefix(20)) replaced")
            }
            let longest = String(repeating: "b", count: 128)
            #expect(try await client.execute(uri: "/health", method: .get, headers: [header: longest]).headers[header] == longest)
            let unauthorized = try await client.execute(uri: "/v1/imei", method: .post, headers: [header: "r-401"])
            #expect(unauthorized.status == .unauthorized && unauthorized.headers[header] == "r-401")
            #expect(Self.code(unauthorized) == "UNAUTHORIZED")
            let missing = try await client.execute(uri: "/nowhere", method: .get, headers: [header: "r-404", .authorization: "Bearer k3y"])
            #expect(missing.status == .notFound && missing.headers[header] == "r-404")
        }
    }

    @Test("Expect: 100-continue is answered at once; a declared body over the cap gets 413 instead")
    func expectContinue() async throws {
        var configuration = TestApp.configuration()
        configuration.maxBodyBytes = 1 << 20
        let app = try await buildApplication(configuration, engines: TestEngines.factory(), logger: TestApp.logger)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let raw = try RawConnection(port: port)
            let clock = ContinuousClock(), start = clock.now
            raw.send("POST /v1/imei HTTP/1.1\r\nHost: test\r\nContent-Type: image/png\r\nContent-Length: 3\r\nExpect: 100-continue\r\n\r\n")
            let interim = try #require(await raw.read(until: "\r\n\r\n", timeout: .seconds(20)), "no 100 Continue")
            let waited = clock.now - start
            #expect(interim.hasPrefix("HTTP/1.1 100 Continue\r\n"), "\(interim)")
            // curl waits 1 s for it; it must come well before (room for a loaded machine).
            #expect(waited < .seconds(5), "100 Continue after \(waited)")
            raw.send("abc")
            let final = try #require(await raw.read(until: "}", timeout: .seconds(20)))
            #expect(final.contains("HTTP/1.1 422"), "the body was read and answered: \(final)")

            let big = try RawConnection(port: port)
            big.send("POST /v1/imei HTTP/1.1\r\nHost: test\r\nContent-Type: image/png\r\nContent-Length: 2000000\r\nExpect: 100-continue\r\n\r\n")
            let refused = try #require(await big.read(until: "\r\n\r\n", timeout: .seconds(20)))
            #expect(refused.hasPrefix("HTTP/1.1 413"), "no 100 for a body over the cap: \(refused)")
        }
    }

    @Test("a 5xx of the flow store names no file, URL or driver error")
    func storeErrorsSayNothingInternal() throws {
        let error = FlowHTTPError(FlowError(.storeQuery, "reading an activation failed on postgres://u@db:5432/x: PSQLError(connectionClosed)"))
        #expect(error.status == .serviceUnavailable)
        #expect(error.clientMessage == "the flow store cannot be reached now; retry later")
        let corrupt = FlowHTTPError(FlowError(.storeCorrupt, "row 4 of /var/lib/flows.sqlite"))
        #expect(corrupt.status == .internalServerError && !corrupt.clientMessage.contains("sqlite"))
        let missing = FlowHTTPError(FlowError(.notFound, "no activation abc"))
        #expect(missing.clientMessage == "no activation abc", "a 4xx keeps its own message")
    }
}
