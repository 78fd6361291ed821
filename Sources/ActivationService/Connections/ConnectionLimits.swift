/// What one connection may hold: the deadlines on its reads and how many connections may be
/// open at once. Every field is an option of `activation serve`.
public struct ConnectionLimits: Sendable, Equatable {
    /// How long a request head may take from the connection's start (`--header-timeout`).
    public var headerTimeout: Duration = .seconds(10)
    /// How long a body may go without a byte before 408 (`--body-timeout`).
    public var bodyTimeout: Duration = .seconds(15)
    /// How long a kept-alive connection may sit idle before it is closed (`--idle-timeout`).
    public var idleTimeout: Duration = .seconds(60)
    /// The most connections open at once; a new one over it is closed (`--max-connections`).
    public var maxConnections = 4096

    public init() {}
}
