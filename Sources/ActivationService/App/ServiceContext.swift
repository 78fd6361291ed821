public import Hummingbird

/// The request context of every route: Hummingbird's core storage and the client's address.
///
/// Bodies are never decoded through `maxUploadSize`; ``BodyReader`` enforces the service's
/// own cap.
public struct ServiceContext: ClientRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Who sent the request, for the per-client share of the workers: the peer's IP address
    /// (without its port), nil where the connection has none (in-process tests).
    public let client: String?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        client = source.channel.remoteAddress?.ipAddress
    }
}

/// A request context that says who sent the request: what the routes that take a worker need.
public protocol ClientRequestContext: RequestContext {
    /// The client's key for its share of the workers (its IP address), nil when unknown.
    var client: String? { get }
}
