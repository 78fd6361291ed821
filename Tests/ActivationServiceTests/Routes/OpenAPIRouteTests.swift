@testable import ActivationService
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// `GET /openapi.yaml` serves `docs/openapi.yaml` byte for byte (built in at compile time), and
/// the document's paths are the router's: every route in the spec, every route of the
/// service in the spec.
@Suite("GET /openapi.yaml")
struct OpenAPIRouteTests {
    /// `docs/openapi.yaml` in the checkout these tests were built from.
    static var specURL: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/openapi.yaml")
    }

    /// The paths under `paths:` (two-space indented keys starting with `/`).
    static func specPaths(_ text: String) -> [String] {
        var inPaths = false
        var paths: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("paths:") { inPaths = true; continue }
            if inPaths, let first = line.first, first != " " { break }
            if inPaths, line.hasPrefix("  /"), line.hasSuffix(":") { paths.append(String(line.dropFirst(2).dropLast())) }
        }
        return paths
    }

    @Test("the served document is docs/openapi.yaml byte for byte, as application/yaml, behind the API key")
    func servedBytes() async throws {
        let file = try Data(contentsOf: Self.specURL)
        var configuration = TestApp.configuration()
        configuration.apiKey = "k3y"
        let app = try await buildApplication(configuration, engines: TestEngines.factory(), logger: TestApp.logger)
        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/openapi.yaml", method: .get, headers: [.authorization: "Bearer k3y"])
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/yaml; charset=utf-8")
            #expect(Data(response.body.readableBytesView) == file, "rebuild after editing docs/openapi.yaml")
            let open = try await client.execute(uri: "/openapi.yaml", method: .get)
            #expect(open.status == .unauthorized, "only /health and /ready are open")
        }
    }

    @Test("the spec's paths are the service's routes, and its version is OpenAPI 3.1")
    func pathsMatchRoutes() throws {
        let text = try String(contentsOf: Self.specURL, encoding: .utf8)
        #expect(text.hasPrefix("openapi: 3.1."))
        let spec = Set(Self.specPaths(text))
        let routes = Set(RouteTable.service(flows: true).routes.map(\.template))
        #expect(spec == routes, "in the spec only: \(spec.subtracting(routes)); routed only: \(routes.subtracting(spec))")
    }
}
