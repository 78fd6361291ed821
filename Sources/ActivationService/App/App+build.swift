public import Hummingbird
public import Logging

/// Builds the `activation serve` application: starts the worker pool (one IMEI reader and one
/// KYC validator per worker, created once on the worker's own thread) and wires the routes.
///
/// Suspends until every worker's engines are loaded; throws if one cannot load (for example,
/// Tesseract's data is missing). `onListening` is called with the bound port once the server
/// accepts connections.
public func buildApplication(
    _ configuration: ServiceConfiguration,
    logger: Logger = Logger(label: "activation.serve"),
    onListening: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws -> some ApplicationProtocol {
    try await buildApplication(
        configuration, engines: WorkerEngines.live(reader: configuration.reader), logger: logger, onListening: onListening
    )
}

/// ``buildApplication(_:logger:onListening:)`` with the workers' engines made by `engines`.
func buildApplication(
    _ configuration: ServiceConfiguration,
    engines: @escaping WorkerEngines.Factory,
    logger: Logger = Logger(label: "activation.serve"),
    onListening: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws -> some ApplicationProtocol {
    let pool = try await WorkerPool.start(
        limits: .init(workers: configuration.workers, queueDepth: configuration.queueDepth),
        name: "activation-worker",
        makeEngine: engines
    )
    let metrics = ServiceMetrics()
    let router = buildRouter(configuration, pool: pool, metrics: metrics)
    return Application(
        router: router,
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "activation"),
        services: [WorkerPoolService(pool: pool)],
        onServerRunning: { channel in await onListening(channel.localAddress?.port ?? configuration.port) },
        logger: logger
    )
}

/// The routes: `/health` open; `/metrics`, `/v1/imei` and `/v1/kyc/prevalidate` behind the API
/// key when one is set. Metrics and the access log wrap everything.
func buildRouter(
    _ configuration: ServiceConfiguration, pool: WorkerPool<WorkerEngines>, metrics: ServiceMetrics
) -> Router<ServiceContext> {
    let jobs = JobRunner(
        pool: pool, timeout: configuration.requestTimeout, retryAfter: configuration.retryAfterSeconds, metrics: metrics
    )
    let body = BodyReader(limit: configuration.maxBodyBytes)
    let router = Router(context: ServiceContext.self)
    router.add(middleware: MetricsMiddleware(metrics: metrics))
    router.add(middleware: AccessLogMiddleware())
    router.addRoutes(HealthController().endpoints, atPath: "/health")
    let guarded = router.group()
    if let key = configuration.apiKey {
        guarded.add(middleware: APIKeyMiddleware(key: key))
    }
    guarded.addRoutes(MetricsController(metrics: metrics, pool: pool).endpoints, atPath: "/metrics")
    guarded.addRoutes(IMEIController(jobs: jobs, body: body, metrics: metrics).endpoints, atPath: "/v1/imei")
    guarded.addRoutes(KYCController(jobs: jobs, body: body, metrics: metrics).endpoints, atPath: "/v1/kyc")
    return router
}
