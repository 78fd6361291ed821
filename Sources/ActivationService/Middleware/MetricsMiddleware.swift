import ActivationPipeline
import Hummingbird

/// Counts every request and its latency by route template, method and status, errors
/// included (their status is the one they answer with). Outermost, so it sees 401s and 404s.
struct MetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServiceMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let method = Self.label(request.method)
        do {
            let response = try await next(request, context)
            metrics.request(route: Self.route(context), method: method, status: response.status.code, duration: .now - start)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            metrics.request(route: Self.route(context), method: method, status: status, duration: .now - start)
            throw error
        }
    }

    /// The matched route's template (`/v1/imei`), or `unmatched`: never the raw path.
    static func route(_ context: Context) -> String {
        guard let path = context.endpointPath, path != "NotFound" else { return "unmatched" }
        return path
    }

    /// The method, or `OTHER` for one outside the usual set (keeps label values bounded).
    static func label(_ method: HTTPRequest.Method) -> String {
        switch method {
        case .get, .head, .post, .put, .patch, .delete, .options: method.rawValue
        default: "OTHER"
        }
    }
}
