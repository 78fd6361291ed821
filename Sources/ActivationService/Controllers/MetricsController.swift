import ActivationPipeline
import ActivationReader
import Hummingbird

/// `GET /metrics`: the Prometheus text exposition (format 0.0.4) of ``ServiceMetrics``, with
/// the pool, upload and connection gauges refreshed just before.
struct MetricsController<Context: RequestContext>: Sendable {
    let metrics: ServiceMetrics
    let pool: EnginePool<WorkerEngines>
    var budget: UploadBudget?
    var connections: ConnectionCount?

    var endpoints: RouteCollection<Context> {
        let routes = RouteCollection(context: Context.self)
        routes.get(use: scrape)
        return routes
    }

    @Sendable func scrape(_ request: Request, context: Context) async throws -> Response {
        let load = pool.load
        metrics.pool(inFlight: load.inFlight, queued: load.queued, capacity: pool.limits.capacity)
        if let usage = budget?.usage { metrics.uploads(inFlight: usage.uploads, bytes: usage.bytes) }
        if let connections { metrics.connections(open: connections.current, limit: connections.limit) }
        return Response(
            status: .ok,
            headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: metrics.render()))
        )
    }
}
