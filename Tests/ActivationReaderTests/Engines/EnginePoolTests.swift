import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import ActivationPipeline
@testable import ActivationReader
import Synchronization
import Testing

/// An engine that remembers the thread that made it.
final class CountingEngine {
    let thread = pthread_self()
}

/// A count shared with worker threads.
final class Count: Sendable {
    let value = Atomic<Int>(0)
}

/// Names appended from worker threads, in the order they came.
final class Order: Sendable {
    let value = Mutex<[String]>([])
    func append(_ name: String) { value.withLock { $0.append(name) } }
}

/// A flag set from a worker thread.
final class Flag: Sendable {
    let value = Atomic<Bool>(false)
}

/// Polls `condition` every 5 ms for up to 5 s; records an issue if it never holds.
func waitUntil(_ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    for _ in 0..<1000 {
        if condition() { return }
        try await Task.sleep(for: .milliseconds(5))
    }
    Issue.record("the condition never held", sourceLocation: sourceLocation)
}

@Suite("EnginePool")
struct EnginePoolTests {
    typealias Pool = EnginePool<CountingEngine>

    @Test("jobs run on the workers' threads, each engine made once")
    func runsOnWorkers() async throws {
        let made = Count()
        let pool = try await Pool.start(limits: .init(workers: 2, queueDepth: 8)) {
            made.value.add(1, ordering: .relaxed)
            return CountingEngine()
        }
        defer { pool.shutdown() }
        var sameThread = true
        for _ in 0..<6 {
            let reservation = try pool.reserve()
            let same = try await pool.run(reservation) { engine, _ in pthread_equal(engine.thread, pthread_self()) != 0 }
            sameThread = sameThread && same
        }
        let engines = made.value.load(ordering: .relaxed)
        #expect(engines == 2)
        #expect(sameThread)
        // The worker gives its place back as it hands over the value.
        try await waitUntil { pool.load.inFlight == 0 }
        #expect(pool.load == .init(inFlight: 0, queued: 0))
    }

    @Test("the pool refuses at once past workers + queue, and takes again once a place frees")
    func saturation() async throws {
        let gate = DispatchSemaphore(value: 0)
        let pool = try await Pool.start(limits: .init(workers: 1, queueDepth: 1)) { CountingEngine() }
        defer { pool.shutdown() }
        let first = try pool.reserve()
        let second = try pool.reserve()
        #expect(throws: EnginePoolError.saturated) { try pool.reserve() }
        second.release()
        second.release()
        let third = try pool.reserve()
        #expect(throws: EnginePoolError.saturated) { try pool.reserve() }
        third.release()
        let running = Task { try await pool.run(first) { _, _ in gate.wait(); return 1 } }
        gate.signal()
        #expect(try await running.value == 1)
        try await waitUntil { pool.load.inFlight == 0 }
    }

    @Test("one client holds at most its share of the places; another still gets one")
    func clientShare() async throws {
        let pool = try await Pool.start(limits: .init(workers: 1, queueDepth: 3, perClient: 2)) { CountingEngine() }
        defer { pool.shutdown() }
        let a1 = try pool.reserve(client: "a"), a2 = try pool.reserve(client: "a")
        #expect(throws: EnginePoolError.clientShare) { try pool.reserve(client: "a") }
        let b = try pool.reserve(client: "b")
        a1.release()
        let a3 = try pool.reserve(client: "a")
        for reservation in [a2, a3, b] { reservation.release() }
        #expect(pool.load.inFlight == 0)
    }

    @Test("a free worker takes the job of the client served longest ago, not the oldest job")
    func fairQueue() async throws {
        let gate = DispatchSemaphore(value: 0)
        let pool = try await Pool.start(limits: .init(workers: 1, queueDepth: 8)) { CountingEngine() }
        defer { pool.shutdown() }
        let order = Order()
        let started = Flag()
        let blocker = Task {
            try await pool.run(try pool.reserve(client: "hog")) { _, _ in
                started.value.store(true, ordering: .relaxed)
                gate.wait()
                order.append("hog")
                return 0
            }
        }
        try await waitUntil { started.value.load(ordering: .relaxed) }
        var tasks: [Task<Int, any Error>] = []
        for _ in 0..<3 {
            let reservation = try pool.reserve(client: "hog")
            tasks.append(Task { try await pool.run(reservation) { _, _ in order.append("hog"); return 0 } })
            try await waitUntil { pool.load.queued == tasks.count }
        }
        let user = try pool.reserve(client: "user")
        tasks.append(Task { try await pool.run(user) { _, _ in order.append("user"); return 0 } })
        try await waitUntil { pool.load.queued == 4 }
        gate.signal()
        _ = try await blocker.value
        for task in tasks { _ = try await task.value }
        // The user's job came last but ran right after the job that was running.
        #expect(order.value.withLock { $0 } == ["hog", "user", "hog", "hog", "hog"])
    }

    @Test("a reservation dropped unused gives its place back")
    func droppedReservation() async throws {
        let pool = try await Pool.start(limits: .init(workers: 1, queueDepth: 0)) { CountingEngine() }
        defer { pool.shutdown() }
        do { _ = try pool.reserve() }
        #expect(pool.load.inFlight == 0)
        let reservation = try pool.reserve()
        #expect(throws: EnginePoolError.saturated) { try pool.reserve() }
        reservation.release()
    }

    @Test("a cancelled waiting job leaves the queue and gives its place back")
    func cancellation() async throws {
        let gate = DispatchSemaphore(value: 0)
        let pool = try await Pool.start(limits: .init(workers: 1, queueDepth: 1)) { CountingEngine() }
        defer { pool.shutdown() }
        let busy = try pool.reserve()
        let started = Flag()
        let blocker = Task {
            try await pool.run(busy) { _, _ in
                started.value.store(true, ordering: .relaxed)
                gate.wait()
                return 0
            }
        }
        try await waitUntil { started.value.load(ordering: .relaxed) }
        let waiting = try pool.reserve()
        let ran = Flag()
        let waiter = Task { try await pool.run(waiting) { _, _ in ran.value.store(true, ordering: .relaxed); return 2 } }
        try await waitUntil { pool.load.queued == 1 }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(pool.load == .init(inFlight: 1, queued: 0))
        gate.signal()
        #expect(try await blocker.value == 0)
        let didRun = ran.value.load(ordering: .relaxed)
        #expect(!didRun)
    }

    @Test("shutdown fails waiting jobs and refuses new ones")
    func shutdown() async throws {
        let gate = DispatchSemaphore(value: 0)
        let pool = try await Pool.start(limits: .init(workers: 1, queueDepth: 2)) { CountingEngine() }
        let started = Flag()
        let blocker = Task {
            try await pool.run(try pool.reserve()) { _, _ in
                started.value.store(true, ordering: .relaxed)
                gate.wait()
                return 0
            }
        }
        try await waitUntil { started.value.load(ordering: .relaxed) }
        let reservation = try pool.reserve()
        let waiter = Task { try await pool.run(reservation) { _, _ in 1 } }
        try await waitUntil { pool.load.queued == 1 }
        pool.shutdown()
        await #expect(throws: EnginePoolError.shuttingDown) { try await waiter.value }
        #expect(throws: EnginePoolError.shuttingDown) { try pool.reserve() }
        gate.signal()
        #expect(try await blocker.value == 0)
    }

    @Test("an engine that cannot load fails the start")
    func engineFailure() async throws {
        struct Broken: Error {}
        await #expect(throws: EnginePoolError.self) {
            _ = try await EnginePool<CountingEngine>.start(limits: .init(workers: 2, queueDepth: 0)) { throw Broken() }
        }
    }

    @Test("forEach runs every index once, one job per worker in flight")
    func forEachRunsEveryIndex() async throws {
        let pool = try await Pool.start(limits: .init(workers: 2, queueDepth: 0)) { CountingEngine() }
        defer { pool.shutdown() }
        let seen = Seen()
        try await pool.forEach(25, { i, _, _ in i * i }) { i, square in
            seen.value.withLock { $0[i] = square }
        }
        let all = seen.value.withLock { $0 }
        #expect(all.count == 25 && all.allSatisfy { $0.value == $0.key * $0.key })
        try await waitUntil { pool.load.inFlight == 0 }
    }

    @Test("a reader pool that cannot load says why, with the reader's own code")
    func readerPoolFailure() async throws {
        var configuration = IMEIReader.Configuration()
        configuration.tessdata = "/nonexistent-tessdata"
        await #expect(throws: OAError.self) { _ = try await IMEIReader.pool(workers: 2, configuration: configuration) }
        do {
            _ = try await IMEIReader.pool(workers: 1, configuration: configuration)
        } catch {
            #expect(error.code == OAError.unableToProcess.code)
        }
    }
}

/// Values a test collects from the pool's tasks.
final class Seen: Sendable {
    let value = Mutex([Int: Int]())
}
