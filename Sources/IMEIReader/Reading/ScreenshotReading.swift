public import ActivationPipeline

/// Something that reads the IMEIs off one screenshot's bytes: what a batch worker drives.
///
/// `IMEIReader` is the real one. A reader is not thread-safe and is expensive to create:
/// each batch worker creates exactly one, on its own thread, through a
/// ``ScreenshotReaderFactory``, and only ever calls it from that thread.
public protocol ScreenshotReading {
    /// Reads one screenshot. Blocks the calling thread for as long as the reading takes.
    ///
    /// Never throws: a bad image comes back as a result whose `error` holds the SDK code
    /// (4005 undecodable image, 4001 no IMEI found).
    mutating func read(bytes: [UInt8], name: String) -> ScreenshotResult
}

/// Creates one reader. Called once per worker, on that worker's thread; may throw an
/// `OAError` (for example when the OCR engine's data files are missing).
public typealias ScreenshotReaderFactory = @Sendable () throws -> any ScreenshotReading
