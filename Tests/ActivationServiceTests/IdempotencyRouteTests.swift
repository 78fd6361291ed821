import ActivationFlows
@testable import ActivationService
import ActivationStorage
import Foundation
import Hummingbird
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

/// `Idempotency-Key` on the creates, over every ``StoreBackend`` (PostgreSQL too when
/// `scripts/with-postgres.sh` started it): a retry answers the first create (same status, body,
/// `ETag`, `Location`) even after the record took a step; the same key with another body is 422
/// `FLOW_IDEMPOTENCY_KEY_REUSED`; concurrent retries make one record.
@Suite("Idempotency-Key on creates")
struct IdempotencyRouteTests {
    typealias F = FlowsAPIFixtures

    static func headers(_ key: String) throws -> HTTPFields {
        var fields = HTTPFields()
        fields[try #require(HTTPField.Name("Idempotency-Key"))] = key
        return fields
    }

    @Test("a retry with the same key answers the first create; another body is 422", arguments: StoreBackend.available)
    func retryAnswersTheFirstCreate(_ backend: StoreBackend) async throws {
        try await backend.withLocation(file: "flows.sqlite") { location in
            try await F.withClient(location) { client in
                let key = try Self.headers("order-7f3a")
                let first = try await client.postJSON("/v1/activations", #"{"token": "sdk-token"}"#, headers: key)
                #expect(first.status == .created, "\(first.text)")
                let id = try #require(first.json?["id"] as? String)
                try await F.step(client, id, F.start, stage: "FETCHDEVICEID")

                let retry = try await client.postJSON("/v1/activations", #"{"token": "sdk-token"}"#, headers: key)
                #expect(retry.status == .created && retry.text == first.text, "the first answer, not the record as it is now")
                #expect(retry.headers[.eTag] == first.headers[.eTag] && retry.headers[.location] == first.headers[.location])

                let other = try await client.postJSON("/v1/activations", #"{"token": "another-token"}"#, headers: key)
                #expect(other.status == .unprocessableContent && F.serviceCode(other) == "FLOW_IDEMPOTENCY_KEY_REUSED", "\(other.text)")

                let quoted = try await client.postJSON("/v1/activations", #"{"token": "sdk-token"}"#, headers: try Self.headers(#""order-7f3a""#))
                #expect(quoted.status == .created && quoted.json?["id"] as? String == id, "an sf-string key is the same key")

                let fresh = try await client.postJSON("/v1/activations", #"{"token": "sdk-token"}"#, headers: try Self.headers("order-7f3b"))
                #expect(fresh.status == .created && fresh.json?["id"] as? String != id)
                let plain = try await client.postJSON("/v1/activations", #"{"token": "sdk-token"}"#)
                #expect(plain.status == .created && plain.json?["id"] as? String != id, "no key: a new activation each time")

                let body = #"{"kind": "finaptic", "allowedRetries": 2}"#
                let enrollment = try await client.postJSON("/v1/enrollments", body, headers: key)
                #expect(enrollment.status == .created, "keys are kept per route: \(enrollment.text)")
                let again = try await client.postJSON("/v1/enrollments", body, headers: key)
                #expect(again.status == .created && again.text == enrollment.text)

                let long = try await client.postJSON(
                    "/v1/activations", #"{"token": "sdk-token"}"#, headers: try Self.headers(String(repeating: "k", count: 256)))
                #expect(long.status == .badRequest && F.serviceCode(long) == "FIELD_INVALID")
            }
        }
    }

    @Test("eight concurrent creates with one key make one activation", arguments: StoreBackend.available)
    func concurrentRetriesMakeOneRecord(_ backend: StoreBackend) async throws {
        try await backend.withLocation(file: "flows.sqlite") { location in
            try await F.withClient(location, .live) { client in
                let key = try Self.headers("concurrent-\(UUID().uuidString)")
                let answers = try await withThrowingTaskGroup(of: (HTTPResponse.Status, String?).self) { group in
                    for _ in 0..<8 {
                        group.addTask {
                            let response = try await client.postJSON("/v1/activations", #"{"token": "sdk-token"}"#, headers: key)
                            return (response.status, response.json?["id"] as? String)
                        }
                    }
                    var all: [(HTTPResponse.Status, String?)] = []
                    for try await answer in group { all.append(answer) }
                    return all
                }
                #expect(answers.allSatisfy { $0.0 == .created }, "\(answers.map(\.0))")
                #expect(Set(answers.compactMap(\.1)).count == 1, "one activation: \(Set(answers.compactMap(\.1)))")
            }
        }
    }
}
