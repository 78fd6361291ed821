import ActivationFlows
import ActivationPipeline
import Foundation
import Hummingbird
import Logging

/// `/v1/enrollments`: stored Finaptic onboarding applications and Belvo enrollments, one step
/// per request.
///
/// - `POST /v1/enrollments`, JSON ``EnrollmentCreation`` (`{"kind": "finaptic",
///   "allowedRetries": 3}` or `{"kind": "belvo", "cpf": …}`): 201 with the view. A creation the
///   machine refuses (`INVALID_CPF` …) is 422 `FLOW_CREATE_REFUSED`; nothing is stored.
/// - `GET /v1/enrollments/{id}`: 200 with the view; 404 `FLOW_NOT_FOUND`.
/// - `POST /v1/enrollments/{id}/steps`: one step. JSON (`{"step": "validateApplication",
///   "outcome": "passed"}`), except `validateDocuments` and `validateSelfie`, which are
///   multipart/form-data with the images (see ``KYCStepForm``): the service makes their KYC
///   verdict on the worker pool, so a client never chooses it (as JSON they are 415). 200 with
///   the view when applied; 422 with the unchanged view when refused (`refused`, `error` with
///   the machine's code, `KYC_PREVALIDATION_FAILED` for images that fail); 409 `FLOW_CONFLICT`.
///
/// `ETag` and `If-Match` and the request timeout work as for activations. Logs IDs, steps,
/// statuses and codes, never a view or a creation (a CPF).
struct EnrollmentsController<Context: RequestContext>: Sendable {
    let flows: EnrollmentFlows
    let jobs: JobRunner
    let body: BodyReader

    var endpoints: RouteCollection<Context> {
        let routes = RouteCollection(context: Context.self)
        routes.post(use: create)
        routes.get(":id", use: get)
        routes.post(":id/steps", use: advance)
        return routes
    }

    @Sendable func create(_ request: Request, context: Context) async throws -> Response {
        try StepBody.requireJSON(request)
        let creation = try await body.json(EnrollmentCreation.self, from: request)
        let view = try await FlowHTTPError.mapping { try await flows.create(creation) }
        context.logger.info("enrollment created", metadata: ["enrollment": .string(view.id), "kind": .string(view.kind.rawValue)])
        return try FlowVersionTag.response(view, version: view.version, status: .created, location: "/v1/enrollments/\(view.id)")
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
        let step: EnrollmentStep
        switch try StepBody(request) {
        case .json:
            step = try await jsonStep(request)
        case .multipart(let boundary):
            step = try await kycStep(request, id: id, boundary: boundary, expected: expected)
        }
        let view = try await FlowHTTPError.mapping { try await flows.advance(id: id, step: step, expectedVersion: expected) }
        context.logger.info(
            "enrollment step",
            metadata: [
                "enrollment": .string(view.id),
                "kind": .string(view.kind.rawValue),
                "step": .string(step.name.rawValue),
                "status": .string(view.status ?? "none"),
                "code": .string(view.error?.code ?? "ok"),
                "refused": .stringConvertible(view.refused),
            ]
        )
        return try FlowVersionTag.response(view, version: view.version, status: view.refused ? .unprocessableContent : .ok)
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

    /// `validateDocuments` or `validateSelfie` from a multipart body: runs the KYC validator
    /// on a worker, under the request timeout, and takes the step's verdict from its report.
    /// The images are not checked when the enrollment is unknown (404), does not take the step
    /// now, or is not at version `expected`: the step is then refused without them.
    func kycStep(_ request: Request, id: String, boundary: String, expected: Int?) async throws -> EnrollmentStep {
        let (jobs, body, flows) = (self.jobs, self.body, self.flows)
        return try await jobs.withDeadline {
            let reservation = try jobs.reserve()
            defer { reservation.release() }
            let form = try KYCStepForm(parts: try await body.form(request, boundary: boundary))
            let current = try await FlowHTTPError.mapping { try await flows.get(id: id) }
            guard current.nextSteps.contains(form.name), expected == nil || expected == current.version else {
                // Refused by the machine's state (or the version) before the verdict matters.
                return form.step(.fail(reasons: []))
            }
            let images = form.images
            let report = try await jobs.run(reservation) { engines in
                engines.kyc.report(for: images.application)
            }
            return form.step(form.preValidation(try report.get()))
        }
    }
}
