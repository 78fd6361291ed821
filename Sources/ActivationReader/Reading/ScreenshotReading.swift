public import ActivationPipeline

/// Something that reads the IMEIs off one screenshot: what batch workers and the service's
/// workers drive.
///
/// ``IMEIReader`` is the real one. A reader is not thread-safe and is expensive to create: each
/// worker creates exactly one, on its own thread (an ``EnginePool`` does this), and only ever
/// calls it from that thread.
public protocol ScreenshotReading {
    /// Reads one screenshot. Blocks the calling thread for as long as the reading takes, and
    /// ends soon after `stop` does (answering 4001 with reason `DEADLINE_EXCEEDED`).
    ///
    /// Never throws: a bad image comes back as a result whose `error` holds the SDK code
    /// (4005 undecodable image, 4001 no IMEI found).
    func read(_ screenshot: Screenshot, stop: WorkStop) -> ScreenshotRead
}

extension ScreenshotReading {
    /// Reads one screenshot with no deadline.
    public func read(_ screenshot: Screenshot) -> ScreenshotRead {
        read(screenshot, stop: .never)
    }

    /// The result alone for `bytes` held in memory, named `name`, read until `stop`.
    public func read(bytes: [UInt8], name: String, stop: WorkStop = .never) -> ScreenshotResult {
        read(Screenshot(name: name, bytes: bytes), stop: stop).result
    }
}

/// Creates one reader. Called once per worker, on that worker's thread; may throw an
/// `OAError` (for example when the OCR engine's data files are missing).
public typealias ScreenshotReaderFactory = @Sendable () throws -> any ScreenshotReading
