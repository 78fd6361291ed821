import Hummingbird

/// `GET /openapi.yaml`: the service's OpenAPI 3.1 document (``OpenAPIDocument``), as
/// `application/yaml`. Behind the API key when one is set, as every route but the probes.
struct OpenAPIController<Context: RequestContext>: Sendable {
    var endpoints: RouteCollection<Context> {
        let routes = RouteCollection(context: Context.self)
        routes.get { _, _ in
            guard !OpenAPIDocument.bytes.isEmpty else { throw ServiceError.internalError("the OpenAPI document is not built in") }
            return Response(
                status: .ok,
                headers: [.contentType: "application/yaml; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(bytes: OpenAPIDocument.bytes))
            )
        }
        return routes
    }
}
