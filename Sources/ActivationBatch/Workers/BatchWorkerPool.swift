import ActivationPipeline
public import ActivationReader
import Foundation
public import Logging
import Synchronization

/// Runs a process's batch workers against a store until the queue is drained or a stop is asked.
///
/// Each worker is a task with one reader thread of an ``EnginePool`` to itself (one OS thread,
/// one reader created once). The task claims an input, has a reader thread load and hash it,
/// asks the store whether the content was seen before, has a reader thread read it if not, and
/// records the outcome, which is committed before the next claim. Memory holds at most one
/// file per worker.
public struct BatchWorkerPool: Sendable {
    public let store: any JobStore
    public let options: BatchWorkerOptions
    public let makeReader: ScreenshotReaderFactory
    public let logger: Logger
    /// Written into every lease this process takes.
    let token: String
    /// Sees each worker's steps; the run logs those that last past `options.stallLimit`.
    let watchdog: BatchWatchdog

    public init(store: any JobStore, options: BatchWorkerOptions, makeReader: @escaping ScreenshotReaderFactory, logger: Logger) {
        self.store = store
        self.options = options
        self.makeReader = makeReader
        self.logger = logger
        self.token = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        self.watchdog = BatchWatchdog(limit: options.stallLimit)
    }

    /// Gives back at once the inputs held by dead processes on this machine (a kill -9, a crash),
    /// so that a rerun resumes without waiting for their leases to expire. Returns how many.
    public func reclaimAbandoned() async throws -> Int {
        let host = LeaseOwner.currentHost()
        let pid = getpid()
        let abandoned = try await store.runningOwners().filter { text in
            LeaseOwner(parsing: text)?.isAbandoned(
                onHost: host, ownPid: pid, ownToken: token, processExists: LeaseOwner.processExists) ?? false
        }
        return try await store.expireLeases(ownedBy: abandoned)
    }

    /// Runs `options.workers` workers until no input is queued, running or waiting, or until
    /// `stop` is requested (then each finishes and records the image it holds). Suspends the
    /// caller for the whole run. `onEvent` is called from the workers' tasks, once per input
    /// handled.
    /// Throws `readerInit` before touching the queue if a reader cannot be created, and the first
    /// store error after letting the other workers finish their images.
    public func run(stop: StopFlag, onEvent: @escaping @Sendable (BatchEvent) -> Void = { _ in }) async throws
        -> BatchTally
    {
        let count = max(1, options.workers)
        let readers = try await Self.readers(count, makeReader: makeReader)
        defer { readers.shutdown() }
        let tally = BatchLiveTally()
        let host = LeaseOwner.currentHost()
        let watching = Task { [watchdog, logger] in
            while !Task.isCancelled {
                try? await Task.sleep(for: watchdog.limit / 4)
                for stall in watchdog.stalls() {
                    logger.warning("worker \(stall.worker) has made no progress for \(stall.lasted): still \(stall.doing)")
                }
            }
        }
        defer { watching.cancel() }
        let firstError = await withTaskGroup(of: (any Error)?.self) { group in
            for index in 0..<count {
                let owner = LeaseOwner(host: host, pid: getpid(), token: token, worker: index).description
                group.addTask {
                    defer { watchdog.end(worker: index) }
                    do {
                        try await work(worker: index, owner: owner, readers: readers, stop: stop) { event in
                            tally.record(event)
                            onEvent(event)
                        }
                        return nil
                    } catch {
                        logger.error("worker \(index) stopped: \(error)")
                        stop.request()
                        return error
                    }
                }
            }
            // The first worker to fail, once every worker has finished its image.
            var first: (any Error)?
            for await error in group where first == nil { first = error }
            return first
        }
        if let firstError { throw firstError }
        return tally.snapshot()
    }

    /// `count` reader threads, each with its reader made by `makeReader` on it; `readerInit`
    /// when one cannot be made, naming the worker and its reader's error.
    static func readers(
        _ count: Int, makeReader: @escaping ScreenshotReaderFactory
    ) async throws(BatchError) -> EnginePool<any ScreenshotReading> {
        let failure = Mutex<(worker: String, error: any Error)?>(nil)
        let started = Atomic(0)
        do {
            return try await EnginePool.start(limits: .init(workers: count, queueDepth: 0), name: "batch-worker") {
                // The pool names its threads `batch-worker-N`; under load Foundation may not
                // report the name yet, so the worker is then named by the order it started in.
                let order = started.add(1, ordering: .relaxed).oldValue
                do {
                    return try makeReader()
                } catch {
                    let name = Thread.current.name.flatMap { $0.hasPrefix("batch-worker-") ? $0 : nil } ?? "batch-worker-\(order)"
                    failure.withLock { $0 = $0 ?? (name, error) }
                    throw error
                }
            }
        } catch {
            let (worker, cause): (String, any Error) = failure.withLock { $0 } ?? ("batch-worker", error)
            throw BatchError(.readerInit, "\(worker) could not create its reader", cause: cause)
        }
    }

    /// One worker's loop: claim, handle, repeat; idle-wait while others still hold inputs.
    /// Every store call goes through ``storeCall(_:worker:stop:_:)``: bounded in time, and tried
    /// again while the store is away, so the worker returns only at the end, on a stop, or on
    /// a permanent error.
    private func work(
        worker: Int, owner: String, readers: EnginePool<any ScreenshotReading>, stop: StopFlag,
        emit: @Sendable (BatchEvent) -> Void
    ) async throws {
        let (store, lease, maxAttempts) = (store, options.lease, options.maxAttempts)
        do {
            while !stop.isRequested {
                guard
                    let job = try await storeCall("claiming an input", worker: worker, stop: stop, {
                        try await store.claim(owner: owner, lease: lease, maxAttempts: maxAttempts)
                    })
                else {
                    if try await storeCall("counting pending rows", worker: worker, stop: stop, {
                        try await store.pendingCount()
                    }) == 0 { return }
                    watchdog.begin(worker: worker, doing: "waiting for inputs others hold")
                    try? await Task.sleep(for: options.pollInterval)
                    continue
                }
                let event = try await holdingLease(on: job) { try await handle(job, worker: worker, on: readers) }
                if let event { emit(event) }
            }
        } catch is StoppedWhileWaiting {
            logger.notice("worker \(worker) stopped while the store was away")
        }
    }

    /// Runs `body` while a side task renews the lease every third of its length, so that a slow
    /// image is not taken over by another worker while this one still reads it. A renewal that
    /// fails or times out is tried again after a twelfth of the lease, not a third: the lease is
    /// then running out, and a third more would let one slow store call lose it.
    private func holdingLease<T: Sendable>(on job: ClaimedJob, _ body: () async throws -> T) async throws -> T {
        let (store, lease, logger) = (store, options.lease, logger)
        let renewal = Task {
            var pause = lease / 3
            while !Task.isCancelled {
                try? await Task.sleep(for: pause)
                guard !Task.isCancelled else { return }
                do {
                    guard try await Self.withTimeout(lease / 3, "renewing a lease", { try await store.renew(job, lease: lease) })
                    else { return }
                    pause = lease / 3
                } catch {
                    logger.warning("could not renew the lease on \(PrintableName.log(job.path)): \(error)")
                    pause = lease / 12
                }
            }
        }
        defer { renewal.cancel() }
        return try await body()
    }

    /// Loads, deduplicates, reads and records one claimed input.
    private func handle(_ job: ClaimedJob, worker: Int, on readers: EnginePool<any ScreenshotReading>) async throws
        -> BatchEvent?
    {
        let clock = ContinuousClock()
        let start = clock.now
        func elapsedMs() -> Int { BatchClock.milliseconds(clock.now - start) }

        let file: Screenshot
        let maxBytes = options.maxFileBytes
        watchdog.begin(worker: worker, doing: "loading an input")
        switch try await readers.run({ _, _ in Screenshot.load(path: job.path, maxBytes: maxBytes) }) {
        case .failure(let error):
            let outcome = JobOutcome(
                result: .failure(job.path, error), sha256: nil, bytes: nil, durationMs: elapsedMs(), duplicateOf: nil)
            return try await record(job, outcome, kind: .read, worker: worker)
        case .success(let loaded):
            file = loaded
        }

        if let previous = job.previous, previous.sha256 == file.sha256 {
            let outcome = JobOutcome(
                result: BatchJSON.copy(previous.result, for: job.path), sha256: file.sha256, bytes: file.bytes.count,
                durationMs: elapsedMs(), duplicateOf: previous.duplicateOf)
            if !outcome.isRetryable { return try await record(job, outcome, kind: .unchanged, worker: worker) }
        }

        let (store, sha256, bytes, durationMs) = (store, file.sha256, file.bytes.count, elapsedMs())
        switch try await storeCall("registering content", worker: worker, {
            try await store.register(job, sha256: sha256, bytes: bytes, durationMs: durationMs)
        }) {
        case .primary:
            watchdog.begin(worker: worker, doing: "reading an image")
            let result = try await readers.run(budget: options.imageBudget) { [holdFor = options.holdPerImage] reader, stop in
                Self.read(file, with: reader, stop: stop, holdingFor: holdFor)
            }
            let outcome = JobOutcome(
                result: BatchJSON.copy(result, for: job.path), sha256: file.sha256, bytes: file.bytes.count,
                durationMs: elapsedMs(), duplicateOf: nil)
            return try await record(job, outcome, kind: .read, worker: worker)
        case .copy(let primary, let result):
            let outcome = JobOutcome(
                result: BatchJSON.copy(result, for: job.path), sha256: file.sha256, bytes: file.bytes.count,
                durationMs: elapsedMs(), duplicateOf: primary)
            return try await record(job, outcome, kind: .copied, worker: worker)
        case .waiting:
            return BatchEvent(kind: .waiting, path: job.path, state: nil, errorCode: nil, durationMs: elapsedMs())
        case .leaseLost:
            logger.warning("lost the lease on \(PrintableName.log(job.path)); another worker has it")
            return BatchEvent(kind: .leaseLost, path: job.path, state: nil, errorCode: nil, durationMs: elapsedMs())
        }
    }

    /// Keeps the reader's thread busy `holdFor` (as a slower reader would: tests, demos) or until
    /// `stop`, then reads `file` with `reader` until `stop`, keeping with the result what the
    /// review rules need from the reading (``ReviewEvidence``). Blocks the calling (reader) thread.
    private static func read(
        _ file: Screenshot, with reader: any ScreenshotReading, stop: WorkStop, holdingFor holdFor: Duration?
    ) -> ScreenshotResult {
        if let holdFor {
            let clock = ContinuousClock(), end = clock.now + holdFor
            while clock.now < end, !stop.isStopped { Thread.sleep(forTimeInterval: 0.005) }
        }
        let read = reader.read(file, stop: stop)
        var result = read.result
        let look = ReviewEvidence.wantsTexture(result, facts: read.facts)
            ? PictureTexture.look(file.bytes, imeis: result.imeis.filter { $0.channels == [IMEIReading.text] }.map(\.value)) : nil
        var evidence = ReviewEvidence.from(result, facts: read.facts, exactFlatShare: look?.exactFlatShare, textTilted: look?.askew)
        evidence.barcodeConfirmed = look?.barcodeConfirmed
        result.evidence = evidence
        result.stages = nil  // asked for the review's sake only: the stored result stays the reader's JSON
        return result
    }

    /// Hands the outcome to the store and says what became of it.
    private func record(_ job: ClaimedJob, _ outcome: JobOutcome, kind: BatchEvent.Kind, worker: Int) async throws
        -> BatchEvent
    {
        let code = outcome.result.error?.code
        let (store, maxAttempts) = (store, options.maxAttempts)
        switch try await storeCall("recording a result", worker: worker, { try await store.finish(job, outcome, maxAttempts: maxAttempts) }) {
        case .recorded(let state, let copies):
            logger.debug("\(PrintableName.log(job.path)): \(state.rawValue)\(code.map { " \($0)" } ?? "") in \(outcome.durationMs) ms")
            return BatchEvent(
                kind: kind, path: job.path, state: state, errorCode: code, durationMs: outcome.durationMs,
                copiesHanded: copies)
        case .requeued:
            logger.info("\(PrintableName.log(job.path)): error \(code ?? 0), attempt \(job.attempts) of \(options.maxAttempts); will retry")
            return BatchEvent(kind: .requeued, path: job.path, state: nil, errorCode: code, durationMs: outcome.durationMs)
        case .leaseLost:
            logger.warning("lost the lease on \(PrintableName.log(job.path)) before recording; another worker has it")
            return BatchEvent(kind: .leaseLost, path: job.path, state: nil, errorCode: code, durationMs: outcome.durationMs)
        }
    }
}
