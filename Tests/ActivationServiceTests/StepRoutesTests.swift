import ActivationFlows
import ActivationStorage
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import ActivationService

/// The routes ``StepController`` gives both stored flows, `/v1/activations` and
/// `/v1/enrollments`, the same way: 404 for an unknown flow before any file is read, `ETag`
/// and `Location` on creation, `If-Match` conflicts and malformed tags, 415 for other bodies.
@Suite("Step routes: one shape for activations and enrollments")
struct StepRoutesTests {
    typealias F = FlowsAPIFixtures

    /// An ID no flow has.
    static let unknown = "6f1c2b8e-0000-4000-8000-000000000000"

    /// Runs `body` with a client of the live application on a new SQLite file.
    static func withClient(_ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await F.withDatabase { location in try await F.withClient(location) { client in try await body(client) } }
    }

    /// A new Finaptic enrollment's ID.
    static func enrollment(_ client: some TestClientProtocol) async throws -> String {
        let created = try await client.postJSON("/v1/enrollments", #"{"kind": "finaptic", "allowedRetries": 1}"#)
        #expect(created.status == .created)
        return try #require(created.json?["id"] as? String)
    }

    @Test("an unknown enrollment is 404 FLOW_NOT_FOUND")
    func unknownEnrollment() async throws {
        try await Self.withClient { client in
            let response = try await client.execute(uri: "/v1/enrollments/\(Self.unknown)", method: .get)
            #expect(response.status == .notFound && F.serviceCode(response) == "FLOW_NOT_FOUND")
        }
    }

    @Test("an enrollment ID that is not a UUID is 404")
    func malformedEnrollmentID() async throws {
        try await Self.withClient { client in
            let response = try await client.execute(uri: "/v1/enrollments/nope", method: .get)
            #expect(response.status == .notFound)
        }
    }

    @Test("a JSON step for an unknown enrollment is 404")
    func jsonStepForUnknownEnrollment() async throws {
        try await Self.withClient { client in
            let response = try await client.postJSON("/v1/enrollments/\(Self.unknown)/steps", #"{"step": "cancel"}"#)
            #expect(response.status == .notFound && F.serviceCode(response) == "FLOW_NOT_FOUND")
        }
    }

    @Test("a screenshot for an unknown activation is 404, the screenshot unread")
    func screenshotForUnknownActivation() async throws {
        try await Self.withClient { client in
            let response = try await F.fetchDeviceId(client, Self.unknown, Array("not an image".utf8))
            #expect(response.status == .notFound && F.serviceCode(response) == "FLOW_NOT_FOUND")
        }
    }

    @Test("documents for an unknown enrollment are 404, the images unread")
    func documentsForUnknownEnrollment() async throws {
        try await Self.withClient { client in
            let form = F.documents(front: Array("x".utf8), back: Array("y".utf8))
            let response = try await F.kycStep(client, Self.unknown, form)
            #expect(response.status == .notFound && F.serviceCode(response) == "FLOW_NOT_FOUND")
        }
    }

    @Test("a created enrollment carries ETag \"1\" and its Location, and GET answers the same tag")
    func enrollmentCreationHeaders() async throws {
        try await Self.withClient { client in
            let created = try await client.postJSON("/v1/enrollments", #"{"kind": "finaptic", "allowedRetries": 1}"#)
            let id = try #require(created.json?["id"] as? String)
            #expect(created.headers[.eTag] == #""1""# && created.headers[.location] == "/v1/enrollments/\(id)")
            let fetched = try await client.execute(uri: "/v1/enrollments/\(id)", method: .get)
            #expect(fetched.status == .ok && fetched.headers[.eTag] == #""1""# && fetched.text == created.text)
        }
    }

    @Test("an enrollment step over a stale If-Match is 409 FLOW_CONFLICT, and nothing is stored")
    func staleEnrollmentVersion() async throws {
        try await Self.withClient { client in
            let id = try await Self.enrollment(client)
            let stale = try await client.postJSON("/v1/enrollments/\(id)/steps", #"{"step": "cancel"}"#, headers: [.ifMatch: #""7""#])
            #expect(stale.status == .conflict && F.serviceCode(stale) == "FLOW_CONFLICT")
            let fetched = try await client.execute(uri: "/v1/enrollments/\(id)", method: .get)
            #expect(fetched.headers[.eTag] == #""1""#)
        }
    }

    @Test("a malformed If-Match is 400 FIELD_INVALID on enrollments as on activations")
    func malformedIfMatch() async throws {
        try await Self.withClient { client in
            let enrollment = try await Self.enrollment(client)
            let activation = try await F.create(client)
            for uri in ["/v1/enrollments/\(enrollment)/steps", "/v1/activations/\(activation)/steps"] {
                let response = try await client.postJSON(uri, #"{"step": "cancel"}"#, headers: [.ifMatch: "W/\"1\""])
                #expect(response.status == .badRequest && F.serviceCode(response) == "FIELD_INVALID", "\(uri)")
            }
        }
    }

    @Test("a step sent as text/plain is 415 on both flows")
    func textStepIsUnsupported() async throws {
        try await Self.withClient { client in
            let enrollment = try await Self.enrollment(client)
            let activation = try await F.create(client)
            for uri in ["/v1/enrollments/\(enrollment)/steps", "/v1/activations/\(activation)/steps"] {
                let response = try await client.execute(
                    uri: uri, method: .post, headers: [.contentType: "text/plain"], body: ByteBuffer(string: "cancel"))
                #expect(response.status == .unsupportedMediaType && F.serviceCode(response) == "UNSUPPORTED_MEDIA_TYPE", "\(uri)")
            }
        }
    }

    @Test("a step applied is 200 with the next version as ETag")
    func appliedStepBumpsTheTag() async throws {
        try await Self.withClient { client in
            let id = try await Self.enrollment(client)
            let response = try await client.postJSON("/v1/enrollments/\(id)/steps", #"{"step": "cancel"}"#, headers: [.ifMatch: #""1""#])
            #expect(response.status == .ok && response.headers[.eTag] == #""2""#, "\(response.text)")
            #expect(response.json?["version"] as? Int == 2)
        }
    }

    @Test("the controllers name their flows in logs")
    func nouns() {
        #expect(ActivationsController<ServiceContext>.noun == "activation")
        #expect(EnrollmentsController<ServiceContext>.noun == "enrollment")
    }
}
