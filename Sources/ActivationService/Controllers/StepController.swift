import ActivationFlows
import ActivationPipeline
import ActivationReader
import Foundation
import Hummingbird
import Logging

/// The one shape of a stored flow's routes (`/v1/activations`, `/v1/enrollments`):
/// `POST /` creates, `GET /{id}` reads, `POST /{id}/steps` takes one step.
///
/// A step comes as JSON, or as multipart/form-data with the files the service judges itself
/// (a screenshot, KYC images). A step with files is read under the request timeout with a
/// worker reserved; its files are not read when the flow is unknown (404), does not take the
/// step now, or is not at the `If-Match` version: the step then goes to the flow unread, to be
/// refused by the machine or the store. Every view carries its version as `ETag`; a refused
/// step is 422 with the unchanged view. The store write after the files does not run under the
/// timeout, so a 504 means nothing was stored.
///
/// Conformers say only what differs: how a flow is created, how a JSON step and a form are
/// read, how a form's files become the step, and what a step logs.
protocol StepController: Sendable {
    /// The request context of the router.
    associatedtype Context: ClientRequestContext
    /// The stored flows the routes drive.
    associatedtype Flows: StepFlows
    /// The fields of a step sent with files.
    associatedtype Form: Sendable

    /// The flows.
    var flows: Flows { get }
    /// The request's deadline and the worker pool.
    var jobs: JobRunner { get }
    /// Reads bodies under the size cap.
    var body: BodyReader { get }

    /// `POST /`: creates a flow from a JSON body; 201 with its view.
    func create(_ request: Request, context: Context) async throws -> Response

    /// A step sent as JSON; steps that need files are refused (415) before the rest is read.
    func jsonStep(_ request: Request) async throws -> Flows.Step

    /// The fields of a multipart step. Throws 400 for a malformed form.
    func form(_ parts: [FormPart]) throws -> Form

    /// The step `form` asks the flow to take.
    func stepName(of form: Form) -> Flows.View.StepName

    /// The step with `form`'s files left unread, for a flow that will refuse it anyway.
    func unread(_ form: Form) -> Flows.Step

    /// The step with `form`'s files judged on the reserved worker.
    func read(_ form: Form, on reservation: EnginePool<WorkerEngines>.Reservation) async throws -> Flows.Step

    /// What one flow is called in logs: `activation`, `enrollment`.
    static var noun: String { get }

    /// What a step logs besides the flow's ID and `refused`: the step, the state, the code;
    /// never a view or a field of one the caller sent.
    func metadata(_ step: Flows.Step, _ view: Flows.View) -> Logger.Metadata

    /// Counts a step taken (applied or refused) in the metrics.
    func observe(_ step: Flows.Step, _ view: Flows.View)
}

extension StepController {
    /// The three routes.
    var endpoints: RouteCollection<Context> {
        let routes = RouteCollection(context: Context.self)
        routes.post { request, context in try await jobs.withStoreDeadline { try await create(request, context: context) } }
        routes.get(":id") { request, context in try await jobs.withStoreDeadline { try await get(request, context: context) } }
        routes.post(":id/steps") { request, context in
            try await jobs.withStoreDeadline { try await advance(request, context: context) }
        }
        return routes
    }

    /// `GET /{id}`: 200 with the view; 404 `FLOW_NOT_FOUND`.
    func get(_ request: Request, context: Context) async throws -> Response {
        let id = try context.parameters.require("id")
        let view = try await FlowHTTPError.mapping { try await flows.get(id: id) }
        return try FlowVersionTag.response(view, version: view.version, status: .ok)
    }

    /// `POST /{id}/steps`: 200 with the view when applied; 422 with the unchanged view when
    /// refused; 409 `FLOW_CONFLICT`.
    func advance(_ request: Request, context: Context) async throws -> Response {
        let id = try context.parameters.require("id")
        let expected = try FlowVersionTag.expectedVersion(of: request)
        try body.checkDeclaredLength(of: request)
        let step: Flows.Step
        switch try StepBody(request) {
        case .json:
            step = try await jsonStep(request)
        case .multipart(let boundary):
            step = try await fileStep(request, client: context.client, id: id, boundary: boundary, expected: expected)
        }
        let view = try await FlowHTTPError.mapping { try await flows.advance(id: id, step: step, expectedVersion: expected) }
        var metadata = metadata(step, view)
        metadata[Self.noun] = .string(view.id)
        metadata["refused"] = .stringConvertible(view.refused)
        context.logger.info("\(Self.noun) step", metadata: metadata)
        observe(step, view)
        return try FlowVersionTag.response(view, version: view.version, status: view.refused ? .unprocessableContent : .ok)
    }

    /// A step from a multipart body: read whole first, then its files are judged on a worker,
    /// under the request timeout, only when the flow at `expected` takes the step now.
    func fileStep(_ request: Request, client: String?, id: String, boundary: String, expected: Int?) async throws -> Flows.Step {
        try await jobs.withWorker(client: client, reading: { [self] in try form(try await body.form(request, boundary: boundary)) }) {
            [self] form, reservation in
            let current = try await FlowHTTPError.mapping { try await flows.get(id: id) }
            guard current.nextSteps.contains(stepName(of: form)), expected == nil || expected == current.version else {
                return unread(form)
            }
            return try await read(form, on: reservation)
        }
    }
}
