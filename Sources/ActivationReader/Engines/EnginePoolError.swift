public import ActivationPipeline

/// Why the engine pool did not run a job.
public enum EnginePoolError: CodedError, Sendable, Hashable {
    /// Every worker is busy and the wait queue is full (`ENGINE_POOL_SATURATED`).
    case saturated
    /// The caller's client already holds its share of the places (`ENGINE_POOL_CLIENT_SHARE`).
    case clientShare
    /// The pool is stopping or stopped (`ENGINE_POOL_SHUTTING_DOWN`).
    case shuttingDown
    /// A worker could not create its engine, for example because Tesseract's data is missing
    /// (`ENGINE_UNAVAILABLE`).
    case engineUnavailable(String)

    public var code: StableCode<EnginePoolError> {
        switch self {
        case .saturated: "ENGINE_POOL_SATURATED"
        case .clientShare: "ENGINE_POOL_CLIENT_SHARE"
        case .shuttingDown: "ENGINE_POOL_SHUTTING_DOWN"
        case .engineUnavailable: "ENGINE_UNAVAILABLE"
        }
    }

    public var message: String {
        switch self {
        case .saturated: "every worker is busy and the wait queue is full"
        case .clientShare: "this client already holds its share of the workers and the wait queue"
        case .shuttingDown: "the pool is stopping"
        case .engineUnavailable(let detail): "a worker could not create its engine: \(detail)"
        }
    }
}
