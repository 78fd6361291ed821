public import Hummingbird

/// The request context of every route: Hummingbird's core storage, nothing more yet.
///
/// Bodies are never decoded through `maxUploadSize`; ``BodyReader`` enforces the service's
/// own cap.
public struct ServiceContext: RequestContext {
    public var coreContext: CoreRequestContextStorage

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }
}
