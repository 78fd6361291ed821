import ActivationPipeline
import ActivationReader
import Foundation

/// One OS thread that owns one reader and does a worker's blocking work on it: loading and
/// hashing files, and reading them. The reader is created on this thread, used only on it,
/// and released on it. Async callers suspend (never block) until their work is done.
/// Work runs one item at a time, in the order it was submitted.
final class ReaderThread: @unchecked Sendable {
    private let condition = NSCondition()
    private var work: [() -> Void] = []
    private var closing = false
    /// Touched only on the thread.
    private var reader: (any ScreenshotReading)?

    private init() {}

    /// Starts the thread and creates its reader on it. Throws `readerInit` if the factory throws.
    static func start(name: String, factory: @escaping ScreenshotReaderFactory) async throws -> ReaderThread {
        let owner = ReaderThread()
        let thread = Thread { owner.loop() }
        thread.name = name
        thread.stackSize = 16 << 20
        thread.start()
        do {
            try await owner.perform { owner in owner.reader = try factory() }
        } catch {
            owner.close()
            throw BatchError(.readerInit, "\(name) could not create its reader", cause: error)
        }
        return owner
    }

    /// Lets the thread end once the submitted work is done. Call once.
    func close() {
        condition.lock()
        closing = true
        condition.signal()
        condition.unlock()
    }

    /// Reads and hashes the file at `path` on the thread.
    func load(path: String, maxBytes: Int) async -> Result<Screenshot, OAError> {
        await perform { _ in Screenshot.load(path: path, maxBytes: maxBytes) }
    }

    /// Reads one screenshot with this thread's reader. `holdFor` keeps the thread busy that
    /// much longer afterwards, as a slower reader would (tests, demos).
    func read(_ screenshot: Screenshot, holdFor: Duration?) async -> ScreenshotResult {
        await perform { owner in
            guard let reader = owner.reader else {
                return .failure(screenshot.name, OAError.unknown.with(detail: "the worker has no reader"))
            }
            let result = reader.read(screenshot).result
            if let holdFor {
                let (seconds, attoseconds) = holdFor.components
                Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
            }
            return result
        }
    }

    private func perform<T: Sendable>(_ body: @escaping (ReaderThread) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            submit { continuation.resume(with: Result { try body(self) }) }
        }
    }

    private func perform<T: Sendable>(_ body: @escaping (ReaderThread) -> T) async -> T {
        await withCheckedContinuation { continuation in
            submit { continuation.resume(returning: body(self)) }
        }
    }

    private func submit(_ item: @escaping () -> Void) {
        condition.lock()
        work.append(item)
        condition.signal()
        condition.unlock()
    }

    private func loop() {
        while true {
            condition.lock()
            while work.isEmpty && !closing { condition.wait() }
            guard !work.isEmpty else {
                condition.unlock()
                break
            }
            let item = work.removeFirst()
            condition.unlock()
            item()
        }
        reader = nil
    }
}
