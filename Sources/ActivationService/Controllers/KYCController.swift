import ActivationPipeline
import Foundation
import Hummingbird
import Logging

/// `POST /v1/kyc/prevalidate`: runs the KYC pre-validation rules on an application.
///
/// A multipart/form-data body with files `front`, `back`, `selfie` and text fields
/// `documentType`, `documentCountry`, `documentState`, `fix`, `strictness`. The answer is the validator's
/// report as JSON; with `fix=true`, each repaired file comes back in base64 under
/// `fixedContent` in that file's object. 200 unless the verdict is `fail`, then 422.
struct KYCController<Context: ClientRequestContext>: Sendable {
    let jobs: JobRunner
    let body: BodyReader
    let metrics: ServiceMetrics

    var endpoints: RouteCollection<Context> { RouteCollection(context: Context.self).post("prevalidate", use: prevalidate) }

    @Sendable func prevalidate(_ request: Request, context: Context) async throws -> Response {
        try body.checkDeclaredLength(of: request)
        let type = request.headers[.contentType].map(ContentType.init)
        guard let type, type.isMultipartForm else {
            throw ServiceError.unsupportedMediaType(type?.essence)
        }
        let logger = context.logger
        let boundary = type.parameters["boundary"] ?? ""
        return try await jobs.withWorker(client: context.client, reading: { [body] in
            try KYCForm(parts: try await body.form(request, boundary: boundary))
        }) { [self] form, reservation in
            let answer = try await jobs.run(reservation) { engines, _ -> Result<KYCResponse, ServiceError> in
                let answer = engines.kyc.prevalidate(form.application, fix: form.fix, strictness: form.strictness)
                do throws(ServiceError) {
                    return .success(try KYCResponse.make(report: answer.report.get(), fixed: answer.fixed))
                } catch {
                    return .failure(error)
                }
            }
            let response = try answer.get()
            metrics.kycVerdict(response.verdict, errorCodes: response.errorCodes)
            logger.info(
                "kyc",
                metadata: [
                    "verdict": .string(response.verdict ?? "none"),
                    "errors": .string(response.errorCodes.joined(separator: ",")),
                    "fix": .stringConvertible(form.fix),
                ]
            )
            return Response.json(response.body, status: response.isFailure ? .unprocessableContent : .ok)
        }
    }
}
