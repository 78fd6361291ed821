import ActivationPipeline
import Foundation
import Hummingbird
import Logging

/// `POST /v1/imei`: reads the IMEIs off one screenshot.
///
/// The image comes as the `screenshot` field of a multipart/form-data body, or as the raw body
/// (any `image/*` type or `application/octet-stream`). The answer is the reader's own JSON
/// (``ScreenshotResult``, keys sorted): 200 when it read an IMEI, 422 for 4001 (no IMEI) and
/// 4005 (not a readable image), 500 for any other SDK error, the SDK code always in the body.
/// With `?annotate=1` the body also holds the annotated picture (`IMEIController+Annotate`);
/// with `?explain=1`, the reader's `stages` as `activation imei --explain --json` prints them
/// (`IMEIController+Explain`).
struct IMEIController<Context: ClientRequestContext>: Sendable {
    let jobs: JobRunner
    let body: BodyReader
    let metrics: ServiceMetrics

    var endpoints: RouteCollection<Context> { RouteCollection(context: Context.self).post(use: read) }

    @Sendable func read(_ request: Request, context: Context) async throws -> Response {
        try body.checkDeclaredLength(of: request)
        let logger = context.logger
        let annotate = Self.wantsAnnotation(request), explain = Self.wantsExplanation(request)
        return try await jobs.withWorker(client: context.client, reading: { try await self.upload(from: request) }) { [self] upload, reservation in
            let (result, json) = try await jobs.run(reservation) { engines, stop in
                var result = engines.imei.read(bytes: upload.bytes, name: upload.name, stop: stop)
                if !explain { result.stages = nil }
                return (result, try? Self.body(result, annotating: annotate ? upload.bytes : nil))
            }
            guard let json else { throw ServiceError.internalError("the result could not be encoded") }
            metrics.imeiResult(code: result.error?.code)
            metrics.readingChannels(result.imeis)
            logger.info(
                "imei",
                metadata: [
                    "code": .string(result.error.map { String($0.code) } ?? "ok"),
                    "imeis": .string(result.imeis.map { IMEIMask.mask($0.value) }.joined(separator: ",")),
                    "bytes": .stringConvertible(upload.bytes.count),
                ]
            )
            return Response.json(Array(json), status: Self.status(for: result))
        }
    }

    /// 200 for a read; 422 for 4001 and 4005, the client's image being at fault; 500 otherwise.
    static func status(for result: ScreenshotResult) -> HTTPResponse.Status {
        guard let error = result.error else { return .ok }
        switch error.code {
        case OAError.unableToDoOCR.code, OAError.screenshotLoad.code: return .unprocessableContent
        default: return .internalServerError
        }
    }

    /// The image and the name to give it: the multipart `screenshot` field, or the raw body.
    func upload(from request: Request) async throws -> (bytes: [UInt8], name: String) {
        let type = request.headers[.contentType].map(ContentType.init)
        if let type, type.isMultipartForm {
            let parts = try await body.form(request, boundary: type.parameters["boundary"] ?? "")
            guard let part = parts.first(where: { $0.name == "screenshot" }) else {
                throw ServiceError.fieldMissing("screenshot")
            }
            guard !part.bytes.isEmpty else { throw ServiceError.fieldInvalid("screenshot", "is empty") }
            return (part.bytes, part.filename ?? "screenshot")
        }
        if let type, !type.isRawImage {
            throw ServiceError.unsupportedMediaType(type.essence)
        }
        let bytes = try await body.collect(request)
        guard !bytes.isEmpty else { throw ServiceError.bodyEmpty }
        return (bytes, "screenshot")
    }
}
