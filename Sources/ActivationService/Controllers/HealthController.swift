import ActivationPipeline
import Hummingbird

/// `GET /health`: 200 `{"status":"ok"}` while the process serves. Open, even with an API key.
struct HealthController<Context: RequestContext>: Sendable {
    var endpoints: RouteCollection<Context> {
        let routes = RouteCollection(context: Context.self)
        routes.get { _, _ in Response.json(Array(#"{"status":"ok"}"#.utf8)) }
        return routes
    }
}
