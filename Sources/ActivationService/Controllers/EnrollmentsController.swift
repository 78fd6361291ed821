import ActivationFlows
import ActivationPipeline
import ActivationReader
import Foundation
import Hummingbird
import Logging

/// `/v1/enrollments`: stored Finaptic onboarding applications and Belvo enrollments, one step
/// per request.
///
/// - `POST /v1/enrollments`, JSON ``EnrollmentCreation`` (`{"kind": "finaptic",
///   "allowedRetries": 3}` or `{"kind": "belvo", "cpf": …}`): 201 with the view. A creation the
///   machine refuses (`INVALID_CPF` …) is 422 `FLOW_CREATE_REFUSED`; nothing is stored. An
///   `Idempotency-Key` (``IdempotencyHeader``) makes a retry answer the first create.
/// - `GET /v1/enrollments/{id}`: 200 with the view; 404 `FLOW_NOT_FOUND`.
/// - `POST /v1/enrollments/{id}/steps`: one step. JSON (`{"step": "validateApplication",
///   "outcome": "passed"}`), except `validateDocuments` and `validateSelfie`, which are
///   multipart/form-data with the images (see ``KYCStepForm``): the service makes their KYC
///   verdict on the worker pool, so a client never chooses it (as JSON they are 415). 200 with
///   the view when applied; 422 with the unchanged view when refused (`refused`, `error` with
///   the machine's code, `KYC_PREVALIDATION_FAILED` for images that fail); 409 `FLOW_CONFLICT`.
///
/// `ETag` and `If-Match` and the request timeout work as for activations: both are a
/// ``StepController``. Logs IDs, steps, statuses and codes, never a view or a creation (a CPF).
struct EnrollmentsController<Context: ClientRequestContext>: StepController {
    let flows: EnrollmentFlows
    let jobs: JobRunner
    let body: BodyReader
    let metrics: ServiceMetrics

    func create(_ request: Request, context: Context) async throws -> Response {
        try StepBody.requireJSON(request)
        let bytes = try await body.jsonBytes(request)
        let key = try IdempotencyHeader.key(of: request, body: bytes)
        let creation = try BodyReader.decode(EnrollmentCreation.self, from: bytes)
        let view = try await FlowHTTPError.mapping { try await flows.create(creation, idempotencyKey: key) }
        context.logger.info("enrollment created", metadata: ["enrollment": .string(view.id), "kind": .string(view.kind.rawValue)])
        return try FlowVersionTag.response(view, version: view.version, status: .created, location: "/v1/enrollments/\(view.id)")
    }

    /// A step sent as JSON; `validateDocuments` and `validateSelfie` are refused (415) before
    /// the rest is read.
    func jsonStep(_ request: Request) async throws -> EnrollmentStep {
        let bytes = try await body.jsonBytes(request)
        if let name = try BodyReader.decode(StepName.self, from: bytes).step.flatMap(EnrollmentStep.Name.init(rawValue:)),
            name == .validateDocuments || name == .validateSelfie
        {
            throw ServiceError.filesRequired(name.rawValue, name == .validateDocuments ? "front and back" : "the selfie")
        }
        let step = try BodyReader.decode(EnrollmentStep.self, from: bytes)
        guard !step.requiresKYCImages else { throw ServiceError.filesRequired(step.name.rawValue, "the images") }
        return step
    }

    func form(_ parts: [FormPart]) throws -> KYCStepForm {
        try KYCStepForm(parts: parts)
    }

    func stepName(of form: KYCStepForm) -> EnrollmentStep.Name {
        form.name
    }

    /// Refused by the machine's state (or the version) before the verdict matters.
    func unread(_ form: KYCStepForm) -> EnrollmentStep {
        form.step(.fail(reasons: []))
    }

    /// `validateDocuments` or `validateSelfie` with the verdict of the KYC validator, run on
    /// the worker.
    func read(_ form: KYCStepForm, on reservation: EnginePool<WorkerEngines>.Reservation) async throws -> EnrollmentStep {
        let images = form.images
        let report = try await jobs.run(reservation) { engines, _ in
            engines.kyc.report(for: images.application)
        }
        return form.step(form.preValidation(try report.get()))
    }

    static var noun: String { "enrollment" }

    func observe(_ step: EnrollmentStep, _ view: EnrollmentView) {
        metrics.flowStep(flow: Self.noun, step: step.name.rawValue, refused: view.refused)
    }

    func metadata(_ step: EnrollmentStep, _ view: EnrollmentView) -> Logger.Metadata {
        [
            "kind": .string(view.kind.rawValue), "step": .string(step.name.rawValue),
            "status": .string(view.status ?? "none"), "code": .string(view.error?.code ?? "ok"),
        ]
    }
}
