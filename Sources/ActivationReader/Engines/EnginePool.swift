public import ActivationPipeline
import Foundation
import Synchronization

/// A fixed set of worker threads, each owning one `Engine` that it creates once and reuses,
/// fed by a bounded wait queue: the one place where blocking work runs (the IMEI reader of
/// `activation imei`, the batch workers, the service's readers and KYC validators).
///
/// An engine never leaves its thread, so it need not be thread-safe (one ``IMEIReader``, one
/// KYC validator per thread). Callers first ``reserve()`` a place, which fails at once when
/// the pool already holds `workers + queueDepth` jobs, then ``run(_:_:)`` a job and suspend
/// until a worker has done it. Only the pool's own threads ever block (waiting for work, and
/// doing it); async callers and NIO event loops never do.
public final class EnginePool<Engine>: Sendable {
    /// How many workers, how many jobs may wait for one, and how many places one client may hold.
    public struct Limits: Sendable, Hashable {
        public var workers: Int
        public var queueDepth: Int
        /// The most places (running plus waiting) one client may hold; nil for no bound.
        public var perClient: Int?
        /// The most jobs the pool holds at once: running plus waiting.
        public var capacity: Int { workers + queueDepth }

        public init(workers: Int, queueDepth: Int, perClient: Int? = nil) {
            self.workers = workers
            self.queueDepth = queueDepth
            self.perClient = perClient
        }
    }

    /// A snapshot of the pool's load, for metrics.
    public struct Load: Sendable, Hashable {
        /// Jobs reserved, queued or running.
        public var inFlight: Int
        /// Jobs waiting for a worker.
        public var queued: Int

        public init(inFlight: Int, queued: Int) {
            self.inFlight = inFlight
            self.queued = queued
        }
    }

    /// A job as the queue holds it: what to do with the engine (giving its place back once the
    /// work is done, before the caller hears of it), and how to fail it unrun.
    struct Item: Sendable {
        let id: UInt64
        /// Whose job it is (nil: the pool's only caller).
        let client: String?
        let perform: @Sendable (Engine) -> Void
        let fail: @Sendable (any Error) -> Void
    }

    private struct State {
        var queue: [Item] = []
        var inFlight = 0
        /// Places held per client (reserved, queued or running).
        var held: [String: Int] = [:]
        /// When each client that holds places last had a job started (a count of starts).
        var lastStart: [String: UInt64] = [:]
        var starts: UInt64 = 0
        var nextID: UInt64 = 0
        var closed = false

        /// The next job for a free worker: the oldest job of the client served longest ago
        /// (one never served first), so that clients take turns and one client's queued jobs
        /// never make another wait behind them all; first come, first served within a client.
        mutating func takeNext() -> Item? {
            guard !queue.isEmpty else { return nil }
            func turn(_ item: Item) -> UInt64 { item.client.flatMap { lastStart[$0].map { $0 + 1 } } ?? 0 }
            var best = 0
            for i in queue.indices.dropFirst() where turn(queue[i]) < turn(queue[best]) { best = i }
            let item = queue.remove(at: best)
            if let client = item.client {
                starts += 1
                lastStart[client] = starts
            }
            return item
        }
    }

    public let limits: Limits
    private let state = Mutex(State())
    /// Signalled once per queued job and once per worker at shutdown; workers wait on it.
    private let wakeups = DispatchSemaphore(value: 0)

    private init(limits: Limits) {
        self.limits = limits
    }

    /// Starts `limits.workers` threads, each calling `makeEngine` once on itself, and returns
    /// when every engine is ready. Suspends (does not block) the caller meanwhile.
    /// Throws ``EnginePoolError/engineUnavailable(_:)`` if any engine fails; the pool is then
    /// shut down.
    public static func start(
        limits: Limits, name: String = "worker",
        makeEngine: @escaping @Sendable () throws -> Engine
    ) async throws(EnginePoolError) -> EnginePool {
        let limits = Limits(
            workers: max(1, limits.workers), queueDepth: max(0, limits.queueDepth), perClient: limits.perClient.map { max(1, $0) })
        let pool = EnginePool(limits: limits)
        let result: Result<Void, EnginePoolError> = await withCheckedContinuation { continuation in
            let startup = Startup(expected: limits.workers, continuation: continuation)
            for index in 0..<limits.workers {
                let threadName = "\(name)-\(index)"
                let thread = Thread {
                    Thread.current.name = threadName
                    let engine: Engine
                    do {
                        engine = try makeEngine()
                    } catch {
                        startup.failed(String(describing: error))
                        return
                    }
                    startup.ready()
                    pool.work(with: engine)
                }
                thread.stackSize = 16 << 20
                thread.start()
            }
        }
        if case .failure(let error) = result {
            pool.shutdown()
            throw error
        }
        return pool
    }

    /// Reserves a place for one job of `client`, or throws at once: ``EnginePoolError/saturated``
    /// when the pool is full, ``EnginePoolError/clientShare`` when `client` already holds
    /// ``Limits/perClient`` places. Never blocks. Pass the reservation to ``run(_:budget:_:)``,
    /// or release it.
    public func reserve(client: String? = nil) throws(EnginePoolError) -> Reservation {
        try state.withLock { (s: inout State) throws(EnginePoolError) -> Void in
            guard !s.closed else { throw .shuttingDown }
            if let client, let share = limits.perClient, s.held[client, default: 0] >= share { throw .clientShare }
            guard s.inFlight < limits.capacity else { throw .saturated }
            s.inFlight += 1
            if let client { s.held[client, default: 0] += 1 }
        }
        return Reservation(pool: self, client: client)
    }

    /// Runs `work` on a worker with that worker's engine and the job's ``WorkStop``, and returns
    /// its value.
    ///
    /// Suspends the caller until a worker is done with it. If the calling task is cancelled
    /// while the job waits, the job leaves the queue and this throws `CancellationError`;
    /// if it is cancelled while the job runs, this throws at once, the job's stop is set (so
    /// that `work`, which hands it to its engines, ends soon and frees its worker), and the
    /// worker's value is dropped when it comes. `budget`, when given, also stops the job that
    /// long after this call. `work` runs on a worker thread and must not touch anything but the
    /// engine, the stop and its own captures.
    public func run<Value: Sendable>(
        _ reservation: Reservation, budget: Duration? = nil, _ work: @escaping @Sendable (Engine, WorkStop) -> Value
    ) async throws -> Value {
        guard reservation.consume() else { throw EnginePoolError.shuttingDown }
        let client = reservation.client
        let job = Job<Value>()
        let stop = WorkStop(budget: budget)
        let id = state.withLock { s in
            s.nextID &+= 1
            return s.nextID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard job.install(continuation) else {
                    release(client)
                    return
                }
                let item = Item(
                    id: id,
                    client: client,
                    perform: { [self] engine in
                        guard job.isWaiting else { return release(client) }
                        let value = work(engine, stop)
                        // The place is free before the caller resumes, so that a caller that
                        // runs its next job at once finds it (one job per worker in flight).
                        release(client)
                        job.finish(.success(value))
                    },
                    fail: { error in job.finish(.failure(error)) }
                )
                let queued = state.withLock { s in
                    guard !s.closed else { return false }
                    s.queue.append(item)
                    return true
                }
                if queued {
                    wakeups.signal()
                } else {
                    release(client)
                    job.finish(.failure(EnginePoolError.shuttingDown))
                }
            }
        } onCancel: {
            let removed = state.withLock { s in
                guard let index = s.queue.firstIndex(where: { $0.id == id }) else { return false }
                s.queue.remove(at: index)
                return true
            }
            if removed { release(client) }
            stop.stop()
            job.finish(.failure(CancellationError()))
        }
    }

    /// The current load.
    public var load: Load {
        state.withLock { Load(inFlight: $0.inFlight, queued: $0.queue.count) }
    }

    /// Stops taking jobs, fails the waiting ones with ``EnginePoolError/shuttingDown``, and
    /// lets each worker exit after its current job. Returns at once; does not wait for them.
    public func shutdown() {
        let dropped: [Item] = state.withLock { s in
            s.closed = true
            defer { s.queue = [] }
            return s.queue
        }
        for item in dropped {
            item.fail(EnginePoolError.shuttingDown)
            release(item.client)
        }
        for _ in 0..<limits.workers { wakeups.signal() }
    }

    /// Gives back one place of `client` (a job done, dropped, or never submitted).
    func release(_ client: String?) {
        state.withLock { s in
            s.inFlight -= 1
            guard let client, let held = s.held[client] else { return }
            s.held[client] = held > 1 ? held - 1 : nil
            if held <= 1 { s.lastStart[client] = nil }
        }
    }


    /// A worker thread's loop: blocks this thread waiting for jobs and runs them with `engine`
    /// until shutdown.
    private func work(with engine: Engine) {
        while true {
            wakeups.wait()
            let next: Item?? = state.withLock { s in
                if let item = s.takeNext() { return .some(item) }
                return s.closed ? .none : .some(nil)
            }
            guard let next else { return }
            guard let item = next else { continue }
            item.perform(engine)
        }
    }
}
