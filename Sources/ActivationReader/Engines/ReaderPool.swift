public import ActivationPipeline
import ActivationVision
import Foundation
import Synchronization

/// Reads many screenshots on worker threads, each with its own ``IMEIReader`` created once
/// and reused, and hands each result to a callback as it completes.
///
/// `run` blocks the calling thread until every job is done. The callback is called on
/// worker threads, one call per job, possibly concurrently: it must be thread-safe.
public struct ReaderPool: Sendable {
    public var workers: Int
    public var configuration: IMEIReader.Configuration

    public init(workers: Int? = nil, configuration: IMEIReader.Configuration = .init()) {
        self.workers = max(1, workers ?? ProcessInfo.processInfo.activeProcessorCount)
        self.configuration = configuration
    }

    /// Runs `count` jobs: `job(index, reader)` on some worker, then `done(index, result)`.
    /// Throws only if no worker could load its engine.
    public func run(
        count: Int,
        job: @escaping @Sendable (Int, IMEIReader) -> ScreenshotResult,
        done: @escaping @Sendable (Int, ScreenshotResult) -> Void
    ) throws(OAError) {
        TesseractEngine.limitThreads()
        let next = Atomic<Int>(0)
        let failure = Mutex<OAError?>(nil)
        let started = Atomic<Int>(0)
        let threads = min(workers, max(1, count))
        let group = DispatchGroup()
        let configuration = configuration
        for _ in 0..<threads {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                let reader: IMEIReader
                do throws(OAError) {
                    reader = try IMEIReader(configuration: configuration)
                } catch {
                    failure.withLock { $0 = error }
                    return
                }
                started.add(1, ordering: .relaxed)
                while true {
                    let i = next.add(1, ordering: .relaxed).oldValue
                    guard i < count else { return }
                    done(i, job(i, reader))
                }
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
        if started.load(ordering: .relaxed) == 0, let error = failure.withLock({ $0 }) { throw error }
    }

    /// The same for async callers: a coordinating thread waits for the workers while the
    /// caller's task is suspended, never blocking one of Swift's few cooperative threads.
    public func run(
        count: Int,
        job: @escaping @Sendable (Int, IMEIReader) -> ScreenshotResult,
        done: @escaping @Sendable (Int, ScreenshotResult) -> Void
    ) async throws(OAError) {
        let result: Result<Void, OAError> = await withCheckedContinuation { continuation in
            let coordinator = Thread {
                do throws(OAError) {
                    try self.run(count: count, job: job, done: done)
                    continuation.resume(returning: .success(()))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
            coordinator.start()
        }
        try result.get()
    }
}
