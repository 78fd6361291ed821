import ActivationFlows
import ActivationPipeline
import ActivationReader
import Foundation
import Hummingbird
import Logging

/// `/v1/activations`: the stored OneAssist activation flow, one step per request.
///
/// - `POST /v1/activations`, JSON `{"token": "…"}`: creates one at `INITIALIZEDSDK`; 201 with
///   its view. An empty token is 422 `FLOW_CREATE_REFUSED` with SDK error 1001; nothing is stored.
/// - `GET /v1/activations/{id}`: 200 with the view; 404 `FLOW_NOT_FOUND`.
/// - `POST /v1/activations/{id}/steps`: one step. JSON (`{"step": "sendUploadLink", "mobile":
///   "…"}`), except `fetchDeviceId`, which is multipart/form-data with the `screenshot` (see
///   ``DeviceIdForm``): the service reads the IMEIs on the worker pool, so a client never
///   chooses its own (a JSON `fetchDeviceId` is 415). 200 with the view when applied (a failed
///   SMS too: `success` false, error 3004); 422 with the unchanged view when the machine
///   refuses it (`refused`, the SDK `error`); 409 `FLOW_CONFLICT`.
///
/// Every view carries its version as `ETag`; `If-Match` with it makes a step apply only over
/// that version. The upload and the reading run under the request timeout; the store write
/// after them does not, so a 504 means nothing was stored. Logs IDs, steps, states and codes,
/// never a view (it holds full IMEIs and mobile numbers).
struct ActivationsController<Context: RequestContext>: Sendable {
    let flows: ActivationFlows
    let jobs: JobRunner
    let body: BodyReader
    let metrics: ServiceMetrics

    var endpoints: RouteCollection<Context> {
        let routes = RouteCollection(context: Context.self)
        routes.post(use: create)
        routes.get(":id", use: get)
        routes.post(":id/steps", use: advance)
        return routes
    }

    /// The body of `POST /v1/activations`. A missing token reads as empty, for the machine to
    /// refuse with its own code (1001).
    struct Creation: Decodable, Sendable {
        var token: String

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            token = try c.decodeIfPresent(String.self, forKey: .token) ?? ""
        }

        private enum CodingKeys: String, CodingKey { case token }
    }

    @Sendable func create(_ request: Request, context: Context) async throws -> Response {
        try StepBody.requireJSON(request)
        let creation = try await body.json(Creation.self, from: request)
        let view = try await FlowHTTPError.mapping { try await flows.create(token: creation.token) }
        context.logger.info("activation created", metadata: ["activation": .string(view.id)])
        return try FlowVersionTag.response(view, version: view.version, status: .created, location: "/v1/activations/\(view.id)")
    }

    @Sendable func get(_ request: Request, context: Context) async throws -> Response {
        let id = try context.parameters.require("id")
        let view = try await FlowHTTPError.mapping { try await flows.get(id: id) }
        return try FlowVersionTag.response(view, version: view.version, status: .ok)
    }

    @Sendable func advance(_ request: Request, context: Context) async throws -> Response {
        let id = try context.parameters.require("id")
        let expected = try FlowVersionTag.expectedVersion(of: request)
        try body.checkDeclaredLength(of: request)
        let step: ActivationStep
        switch try StepBody(request) {
        case .json:
            step = try await jsonStep(request)
        case .multipart(let boundary):
            step = try await deviceIdStep(request, id: id, boundary: boundary, expected: expected)
        }
        let view = try await FlowHTTPError.mapping { try await flows.advance(id: id, step: step, expectedVersion: expected) }
        context.logger.info(
            "activation step",
            metadata: [
                "activation": .string(view.id),
                "step": .string(step.kind.rawValue),
                "state": .string(view.state.rawValue),
                "code": .string(view.error.map { String($0.code) } ?? "ok"),
                "refused": .stringConvertible(view.refused),
                "risk": .string(view.risk?.decision.rawValue ?? "none"),
            ]
        )
        return try FlowVersionTag.response(view, version: view.version, status: view.refused ? .unprocessableContent : .ok)
    }

    /// A step sent as JSON; `fetchDeviceId` is refused (415) before the rest is read.
    func jsonStep(_ request: Request) async throws -> ActivationStep {
        let bytes = try await body.jsonBytes(request)
        let name = try BodyReader.decode(StepName.self, from: bytes).step
        if name == ActivationMachine.Event.Kind.fetchDeviceId.rawValue {
            throw ServiceError.filesRequired("fetchDeviceId", "the screenshot")
        }
        let step = try BodyReader.decode(ActivationStep.self, from: bytes)
        guard !step.requiresScreenshot else { throw ServiceError.filesRequired(step.kind.rawValue, "the screenshot") }
        return step
    }

    /// `fetchDeviceId` from a multipart body: reads the screenshot on a worker, under the
    /// request timeout. The screenshot is not read when the activation is unknown (404), its
    /// state does not take the step, or its version is not `expected`: the step is then
    /// refused by the machine or the store without it.
    func deviceIdStep(_ request: Request, id: String, boundary: String, expected: Int?) async throws -> ActivationStep {
        let (jobs, body, flows, metrics) = (self.jobs, self.body, self.flows, self.metrics)
        return try await jobs.withDeadline {
            let reservation = try jobs.reserve()
            defer { reservation.release() }
            let form = try DeviceIdForm(parts: try await body.form(request, boundary: boundary))
            let current = try await FlowHTTPError.mapping { try await flows.get(id: id) }
            guard current.nextSteps.contains(.fetchDeviceId), expected == nil || expected == current.version else {
                return .fetchDeviceId(form.unread)
            }
            let screenshot = Screenshot(name: form.name, bytes: form.screenshot.bytes)
            let read = try await jobs.run(reservation) { engines in engines.imei.read(screenshot) }
            metrics.imeiResult(code: read.result.error?.code)
            return .fetchDeviceId(form.input(read))
        }
    }
}
