import Hummingbird

/// The innermost middleware: a request no route takes gets the service's JSON error body,
/// 405 `METHOD_NOT_ALLOWED` with `Allow` when its path is a route for other methods
/// (``RouteTable``), else 404 `NOT_FOUND`. Hummingbird's own answer is an empty 404 for both.
/// Innermost, so the metrics and the access log count the status the client gets.
struct RouteMissMiddleware<Context: RequestContext>: RouterMiddleware {
    let routes: RouteTable

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound && context.endpointPath == "NotFound" {
            guard let methods = routes.methods(for: request.uri.path), !methods.contains(request.method.rawValue) else {
                throw ServiceError.notFound
            }
            throw ServiceError.methodNotAllowed(allow: methods)
        }
    }
}
