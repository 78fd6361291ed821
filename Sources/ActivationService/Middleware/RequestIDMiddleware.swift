import Foundation
import Hummingbird
import HTTPTypes
import Logging

/// The outermost middleware: gives the request its ID (``RequestID``: the client's
/// `X-Request-Id` when usable, else a new one), logs with it, and returns it in `X-Request-Id`
/// on every response, errors included. It also turns every error into the service's JSON body
/// here, so that none leaves without the header: an ``HTTPResponseError`` answers as it says
/// (Hummingbird's own as ``ServiceError/http(_:)``); any other error is a 500 `INTERNAL` that
/// names nothing internal (its type is logged, never sent).
struct RequestIDMiddleware<Context: RequestContext>: RouterMiddleware {
    static var header: HTTPField.Name { HTTPField.Name("X-Request-Id")! }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let id = RequestID.accepted(request.headers[Self.header]) ?? RequestID.generate()
        var context = context
        context.logger[metadataKey: "hb.request.id"] = .string(id)
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as HTTPError {
            response = try ServiceError.http(error.status).response(from: request, context: context)
            response.headers.append(contentsOf: error.headers)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        } catch {
            context.logger.error("unexpected error", metadata: ["type": .string(String(describing: type(of: error)))])
            response = try ServiceError.internalError("an internal error occurred").response(from: request, context: context)
        }
        response.headers[Self.header] = id
        return response
    }
}
