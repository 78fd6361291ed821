import ActivationPipeline
import ActivationStorage
import ActivationReader
import Hummingbird

/// Runs a request's work under the service's limits: the per-request deadline, a place in
/// the worker pool, and the job itself; pool refusals become HTTP errors and metrics.
///
/// Suspends, never blocks: the work runs on the pool's threads.
struct JobRunner: Sendable {
    let pool: EnginePool<WorkerEngines>
    let timeout: Duration
    let retryAfter: Int
    let metrics: ServiceMetrics

    /// Runs `operation`, or throws 504 (`TIMEOUT`) once `timeout` has passed; the operation is
    /// then cancelled (a job still waiting leaves the queue; one running finishes unheard).
    func withDeadline<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        let timeout = self.timeout
        return try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw ServiceError.timeout(timeout)
            }
            defer { group.cancelAll() }
            do {
                guard let first = try await group.next() else { throw CancellationError() }
                return first
            } catch let error as ServiceError where error.status == .gatewayTimeout {
                metrics.rejection("timeout")
                throw error
            }
        }
    }

    /// Runs `operation` with the request's deadline, `timeout` from now, as the deadline of
    /// every store call it makes (``StoreDeadline``): a store that cannot be reached or is locked
    /// fails by then, and is answered 503 with `Retry-After`. Suspends while `operation` runs.
    func withStoreDeadline<T>(_ operation: () async throws -> T) async throws -> T {
        do {
            return try await StoreDeadline.run(StoreDeadline(after: timeout)) { try await operation() }
        } catch let error as FlowHTTPError where error.status == .serviceUnavailable {
            metrics.rejection("flow_store")
            throw FlowHTTPError(error.error, retryAfter: retryAfter)
        }
    }

    /// Reads the request with `read`, then runs `operation` on what it read with a place in
    /// the pool reserved for it, released when it ends: the frame of every request that works
    /// on a worker, all under the deadline. The place is taken only once the body is whole and
    /// parsed, so a slow upload never holds one: honest requests wait for the workers alone.
    /// 503 at once when the pool is full, 504 past the deadline.
    func withWorker<Input: Sendable, T: Sendable>(
        client: String?,
        reading read: @escaping @Sendable () async throws -> Input,
        _ operation: @escaping @Sendable (Input, EnginePool<WorkerEngines>.Reservation) async throws -> T
    ) async throws -> T {
        try await withDeadline { [self] in
            let input = try await read()
            let reservation = try reserve(client: client)
            defer { reservation.release() }
            return try await operation(input, reservation)
        }
    }

    /// Reserves a place in the pool for `client`, or throws at once: 429 (`CLIENT_SHARE`) when
    /// the client holds its share, 503 (`SERVICE_BUSY`) when the pool is full, both with
    /// `Retry-After`.
    func reserve(client: String?) throws(ServiceError) -> EnginePool<WorkerEngines>.Reservation {
        do {
            return try pool.reserve(client: client)
        } catch {
            throw map(error)
        }
    }

    /// Runs `work` on a worker with its engines and the job's stop, with a place reserved
    /// before. The request's deadline (``withDeadline(_:)``) cancels the caller, which sets the
    /// stop: the engines end soon after, and the worker is free for the next request.
    func run<Value: Sendable>(
        _ reservation: EnginePool<WorkerEngines>.Reservation,
        _ work: @escaping @Sendable (WorkerEngines, WorkStop) -> Value
    ) async throws -> Value {
        do {
            return try await pool.run(reservation, work)
        } catch let error as EnginePoolError {
            throw map(error)
        }
    }

    private func map(_ error: EnginePoolError) -> ServiceError {
        switch error {
        case .saturated:
            metrics.rejection("busy")
            return .serviceBusy(retryAfter: retryAfter)
        case .clientShare:
            metrics.rejection("client_share")
            return .clientShare(retryAfter: retryAfter)
        case .shuttingDown:
            metrics.rejection("shutting_down")
            return .shuttingDown(retryAfter: retryAfter)
        case .engineUnavailable:
            return .internalError("no reader engine is available")
        }
    }
}
