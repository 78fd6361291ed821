import ActivationReader
import ServiceLifecycle

/// Ties the engine pool to the application's lifecycle: on graceful shutdown `/ready` turns
/// 503 at once (``RunState``), and once the HTTP server, which stops first, has answered its
/// requests, the pool stops and its threads exit.
struct WorkerPoolService: Service {
    let pool: EnginePool<WorkerEngines>
    let state: RunState

    /// Suspends until graceful shutdown or cancellation, then shuts the pool down.
    func run() async throws {
        try? await gracefulShutdown()
        state.stop()
        pool.shutdown()
    }
}
