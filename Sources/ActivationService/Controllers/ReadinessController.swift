import Foundation
import Hummingbird

/// `GET /ready`: readiness, for load balancers and orchestrators (`/health` stays liveness).
///
/// 200 `{"checks": {"database": "ok", "deepReader": "ok", "engines": "ok"}, "status": "ready"}`
/// when the flow store answers a query within the readiness deadline (1.5 s), the workers'
/// engines are loaded and the deep reader, when installed, is loaded; otherwise 503 with the
/// same `checks`, `"status": "not_ready"`, `Retry-After`, and the service's error body
/// (`NOT_READY`, with the reason in words). Open, even with an API key, as `/health` is.
struct ReadinessController<Context: RequestContext>: Sendable {
    let readiness: ReadinessCheck
    let metrics: ServiceMetrics
    let retryAfter: Int

    var endpoints: RouteCollection<Context> {
        let routes = RouteCollection(context: Context.self)
        routes.get(use: ready)
        return routes
    }

    @Sendable func ready(_ request: Request, context: Context) async throws -> Response {
        let report = await readiness.check(logger: context.logger)
        metrics.readiness(report)
        let body = Body(
            status: report.isReady ? "ready" : "not_ready", checks: report.checks,
            error: report.reason.map { .init(code: "NOT_READY", message: $0) }
        )
        let data = (try? JSONEncoder.service.encode(body)) ?? Data(#"{"status":"not_ready"}"#.utf8)
        var response = Response.json(Array(data), status: report.isReady ? .ok : .serviceUnavailable)
        if !report.isReady { response.headers[.retryAfter] = String(retryAfter) }
        return response
    }

    private struct Body: Encodable {
        struct Failure: Encodable {
            let code: String
            let message: String
        }
        let status: String
        let checks: ReadinessReport.Checks
        let error: Failure?

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(status, forKey: .status)
            try c.encode(checks, forKey: .checks)
            try c.encodeIfPresent(error, forKey: .error)
        }

        private enum CodingKeys: String, CodingKey { case status, checks, error }
    }
}
