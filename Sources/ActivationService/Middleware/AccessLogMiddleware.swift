import ActivationPipeline
import Foundation
import Hummingbird
import Logging

/// Logs one line per request: method, route template, status and milliseconds. Never the
/// path's query, headers or body, so no key, IMEI or name reaches the log from here.
struct AccessLogMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            log(request, context, status: response.status.code, since: start)
            return response
        } catch {
            log(request, context, status: (error as? any HTTPResponseError)?.status.code ?? 500, since: start)
            throw error
        }
    }

    private func log(_ request: Request, _ context: Context, status: Int, since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        context.logger.info(
            "request",
            metadata: [
                "method": .string(MetricsMiddleware<Context>.label(request.method)),
                "route": .string(MetricsMiddleware<Context>.route(context)),
                "status": .stringConvertible(status),
                "ms": .string(String(format: "%.1f", milliseconds)),
            ]
        )
    }
}
