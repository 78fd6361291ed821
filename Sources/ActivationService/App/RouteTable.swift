/// The service's routes as data: each path template with the methods it takes. The router
/// answers what is routed; this table tells a 405 (the path is a route, another method) from a
/// 404 (no route has the path), and lists the methods for `Allow`. A test holds it to the router
/// and to `docs/openapi.yaml`. Pure value.
struct RouteTable: Sendable, Hashable {
    /// One route: a template (`/v1/activations/{id}`) and its methods, in `Allow`'s order.
    struct Route: Sendable, Hashable {
        let template: String
        let methods: [String]
    }

    let routes: [Route]

    /// The routes `buildRouter` adds; the stored flows' only with a store.
    static func service(flows: Bool) -> RouteTable {
        var routes = [
            Route(template: "/health", methods: ["GET"]),
            Route(template: "/ready", methods: ["GET"]),
            Route(template: "/metrics", methods: ["GET"]),
            Route(template: "/openapi.yaml", methods: ["GET"]),
            Route(template: "/v1/imei", methods: ["POST"]),
            Route(template: "/v1/kyc/prevalidate", methods: ["POST"]),
        ]
        if flows {
            for flow in ["/v1/activations", "/v1/enrollments"] {
                routes += [
                    Route(template: flow, methods: ["POST"]),
                    Route(template: flow + "/{id}", methods: ["GET"]),
                    Route(template: flow + "/{id}/steps", methods: ["POST"]),
                ]
            }
        }
        return RouteTable(routes: routes)
    }

    /// The methods of the route whose template matches `path` (a `{…}` component matches any
    /// one non-empty component; a trailing slash is ignored, as the router ignores it), or nil
    /// when no route has the path.
    func methods(for path: String) -> [String]? {
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        return routes.first { route in
            let template = route.template.split(separator: "/")
            guard template.count == components.count else { return false }
            return zip(template, components).allSatisfy { pattern, component in
                pattern.hasPrefix("{") || pattern == component
            }
        }?.methods
    }
}
