import ActivationPipeline

/// Reads the IMEIs off one screenshot held in memory: what a worker asks of its IMEI engine.
///
/// Implementations are used from one worker thread only and may block it for the whole read.
protocol ScreenshotReading: AnyObject {
    /// Reads `bytes`; the result names the input `name`. Never throws: the SDK error is in
    /// the result.
    func read(bytes: [UInt8], name: String) -> ScreenshotResult
}

extension IMEIReader: ScreenshotReading {}
