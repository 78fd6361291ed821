public import ActivationFlows
import ActivationPipeline
import ActivationReader
public import Hummingbird
import HummingbirdCore
public import Logging

/// Runs `activation serve` until it is shut down: opens the configured flow store, builds the
/// application on it, serves, and closes the store once the server has stopped.
///
/// Suspends for the service's whole life. Throws at start-up when the store cannot be opened
/// (`FLOW_STORE_OPEN`) or an engine cannot load.
public func runApplication(
    _ configuration: ServiceConfiguration,
    logger: Logger = Logger(label: "activation.serve"),
    onListening: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws {
    if let files = FileDescriptorLimit.raise() {
        logger.info(
            "open-file limit",
            metadata: [
                "soft": .stringConvertible(files.after), "softBefore": .stringConvertible(files.before),
                "hard": .stringConvertible(files.hard),
            ]
        )
    }
    try await configuration.flowStore.withStore(FlowStores.self, logger: logger) { store in
        logger.info("flow store open", metadata: ["store": .string(configuration.flowStore.description)])
        let app = try await buildApplication(configuration, store: store, logger: logger, onListening: onListening)
        try await app.runService()
        logger.info("server stopped; closing the flow store")
    }
}

/// Builds the `activation serve` application: starts the worker pool (one IMEI reader and one
/// KYC validator per worker, created once on the worker's own thread) and wires the routes.
///
/// Suspends until every worker's engines are loaded; throws if one cannot load (for example,
/// Tesseract's data is missing). `onListening` is called with the bound port once the server
/// accepts connections. The activations and enrollments are kept in `store`, which must stay
/// open while the application runs; without one, `/v1/activations` and `/v1/enrollments` are
/// not served.
public func buildApplication(
    _ configuration: ServiceConfiguration,
    store: (any FlowStore)? = nil,
    logger: Logger = Logger(label: "activation.serve"),
    onListening: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws -> some ApplicationProtocol {
    try await buildApplication(
        configuration, engines: WorkerEngines.live(reader: configuration.reader), store: store, logger: logger,
        onListening: onListening
    )
}

/// ``buildApplication(_:store:logger:onListening:)`` with the workers' engines made by `engines`.
func buildApplication(
    _ configuration: ServiceConfiguration,
    engines: @escaping WorkerEngines.Factory,
    store: (any FlowStore)? = nil,
    logger: Logger = Logger(label: "activation.serve"),
    onListening: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws -> some ApplicationProtocol {
    let pool = try await EnginePool.start(
        limits: .init(workers: configuration.workers, queueDepth: configuration.queueDepth, perClient: configuration.placesPerClient),
        name: "activation-worker",
        makeEngine: engines
    )
    let metrics = ServiceMetrics()
    let connections = ConnectionCount(limit: configuration.connections.maxConnections)
    let budget = UploadBudget(uploads: configuration.maxUploads, bytes: configuration.maxUploadBytes)
    let deep = configuration.deepReader ?? DeepReaderStatus.current(wanted: configuration.reader.deep)
    if deep == .failed { logger.error("the deep reader is installed but would not load; /ready answers 503") }
    metrics.deepReader(deep)
    metrics.buildInfo(version: ProductVersion.current)
    metrics.startAtZero()
    let run = RunState()
    let readiness = ReadinessCheck(store: store, deep: deep, run: run, deadline: configuration.readinessDeadline)
    let router = buildRouter(
        configuration, pool: pool, metrics: metrics, budget: budget, connections: connections, store: store, readiness: readiness
    )
    let limits = configuration.connections
    return Application(
        router: router,
        server: HTTPServerBuilder { responder in
            GuardedHTTP1Channel(
                responder: responder, limits: limits, connections: connections, metrics: metrics,
                maxBodyBytes: configuration.maxBodyBytes
            )
        },
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "activation"),
        services: [WorkerPoolService(pool: pool, state: run)],
        onServerRunning: { channel in await onListening(channel.localAddress?.port ?? configuration.port) },
        logger: logger
    )
}

/// The routes: `/health` and `/ready` open; `/metrics`, `/v1/imei`, `/v1/kyc/prevalidate` and, with a
/// store, `/v1/activations` and `/v1/enrollments`. With an API key set, every path but
/// `/health` and `/ready`, routed or not, needs it (probes of load balancers and orchestrators
/// carry no key): the key is checked before routing, so a caller without
/// it cannot tell which routes exist. The request ID wraps everything (every response carries
/// `X-Request-Id` and every error the service's JSON body), then the metrics and the access log;
/// innermost, a request no route takes becomes 404 `NOT_FOUND` or 405 `METHOD_NOT_ALLOWED`.
func buildRouter(
    _ configuration: ServiceConfiguration, pool: EnginePool<WorkerEngines>, metrics: ServiceMetrics,
    budget: UploadBudget? = nil, connections: ConnectionCount? = nil, store: (any FlowStore)? = nil,
    readiness: ReadinessCheck? = nil
) -> Router<ServiceContext> {
    let jobs = JobRunner(
        pool: pool, timeout: configuration.requestTimeout, retryAfter: configuration.retryAfterSeconds, metrics: metrics
    )
    let body = BodyReader(
        limit: configuration.maxBodyBytes, jsonLimit: configuration.maxJSONBytes, budget: budget, metrics: metrics,
        retryAfter: configuration.retryAfterSeconds
    )
    let router = Router(context: ServiceContext.self)
    router.add(middleware: RequestIDMiddleware())
    router.add(middleware: MetricsMiddleware(metrics: metrics))
    router.add(middleware: AccessLogMiddleware())
    if let key = configuration.apiKey {
        router.add(middleware: APIKeyMiddleware(key: key, open: ["/health", "/ready"]))
    }
    router.add(middleware: RouteMissMiddleware(routes: .service(flows: store != nil)))
    router.addRoutes(HealthController().endpoints, atPath: "/health")
    let readiness = readiness ?? ReadinessCheck(store: store, deep: .off, run: RunState())
    router.addRoutes(
        ReadinessController(readiness: readiness, metrics: metrics, retryAfter: configuration.retryAfterSeconds).endpoints,
        atPath: "/ready"
    )
    let guarded = router.group()
    guarded.addRoutes(OpenAPIController().endpoints, atPath: "/openapi.yaml")
    guarded.addRoutes(
        MetricsController(metrics: metrics, pool: pool, budget: budget, connections: connections).endpoints, atPath: "/metrics"
    )
    guarded.addRoutes(IMEIController(jobs: jobs, body: body, metrics: metrics).endpoints, atPath: "/v1/imei")
    guarded.addRoutes(KYCController(jobs: jobs, body: body, metrics: metrics).endpoints, atPath: "/v1/kyc")
    if let store {
        let activations = ActivationFlows(store: store, configuration: configuration.flows)
        let enrollments = EnrollmentFlows(store: store, configuration: configuration.flows)
        guarded.addRoutes(
            ActivationsController(flows: activations, jobs: jobs, body: body, metrics: metrics).endpoints,
            atPath: "/v1/activations"
        )
        guarded.addRoutes(EnrollmentsController(flows: enrollments, jobs: jobs, body: body, metrics: metrics).endpoints, atPath: "/v1/enrollments")
    }
    return router
}
