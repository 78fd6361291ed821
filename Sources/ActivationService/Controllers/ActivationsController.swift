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
///   An `Idempotency-Key` (``IdempotencyHeader``) makes a retry answer the first create.
/// - `GET /v1/activations/{id}`: 200 with the view; 404 `FLOW_NOT_FOUND`.
/// - `POST /v1/activations/{id}/steps`: one step. JSON (`{"step": "sendUploadLink", "mobile":
///   "…"}`), except `fetchDeviceId`, which is multipart/form-data with the `screenshot` (see
///   ``DeviceIdForm``): the service reads the IMEIs on the worker pool, so a client never
///   chooses its own (a JSON `fetchDeviceId` is 415). 200 with the view when applied (a failed
///   SMS too: `success` false, error 3004); 422 with the unchanged view when the machine
///   refuses it (`refused`, the SDK `error`); 409 `FLOW_CONFLICT`.
///
/// Every view carries its version as `ETag`; `If-Match` with it makes a step apply only over
/// that version. The routes, the timeout and the versions are ``StepController``'s, shared with
/// enrollments. Logs IDs, steps, states and codes, never a view (it holds full IMEIs and
/// mobile numbers).
struct ActivationsController<Context: ClientRequestContext>: StepController {
    let flows: ActivationFlows
    let jobs: JobRunner
    let body: BodyReader
    let metrics: ServiceMetrics

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

    func create(_ request: Request, context: Context) async throws -> Response {
        try StepBody.requireJSON(request)
        let bytes = try await body.jsonBytes(request)
        let key = try IdempotencyHeader.key(of: request, body: bytes)
        let creation = try BodyReader.decode(Creation.self, from: bytes)
        let view = try await FlowHTTPError.mapping { try await flows.create(token: creation.token, idempotencyKey: key) }
        context.logger.info("activation created", metadata: ["activation": .string(view.id)])
        return try FlowVersionTag.response(view, version: view.version, status: .created, location: "/v1/activations/\(view.id)")
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

    func form(_ parts: [FormPart]) throws -> DeviceIdForm {
        try DeviceIdForm(parts: parts)
    }

    func stepName(of form: DeviceIdForm) -> ActivationMachine.Event.Kind {
        .fetchDeviceId
    }

    func unread(_ form: DeviceIdForm) -> ActivationStep {
        .fetchDeviceId(form.unread)
    }

    /// `fetchDeviceId` with the IMEIs read off the screenshot on the worker.
    func read(_ form: DeviceIdForm, on reservation: EnginePool<WorkerEngines>.Reservation) async throws -> ActivationStep {
        let screenshot = Screenshot(name: form.name, bytes: form.screenshot.bytes)
        let read = try await jobs.run(reservation) { engines, stop in engines.imei.read(screenshot, stop: stop) }
        metrics.imeiResult(code: read.result.error?.code)
        metrics.readingChannels(read.result.imeis)
        return .fetchDeviceId(form.input(read))
    }

    static var noun: String { "activation" }

    func observe(_ step: ActivationStep, _ view: ActivationView) {
        metrics.flowStep(flow: Self.noun, step: step.kind.rawValue, refused: view.refused)
        if step.kind == .fetchDeviceId, !view.refused, let risk = view.risk { metrics.riskDecision(risk.decision) }
    }

    func metadata(_ step: ActivationStep, _ view: ActivationView) -> Logger.Metadata {
        [
            "step": .string(step.kind.rawValue), "state": .string(view.state.rawValue),
            "code": .string(view.error.map { String($0.code) } ?? "ok"), "risk": .string(view.risk?.decision.rawValue ?? "none"),
        ]
    }
}
