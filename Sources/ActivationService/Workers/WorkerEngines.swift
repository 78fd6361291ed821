import ActivationReader
import KYCCheck

/// What one worker thread owns: its IMEI reader and its KYC validator, created once on that
/// thread and used only there.
///
/// Not thread-safe, and never shared: the ``WorkerPool`` hands it to jobs on its own thread.
final class WorkerEngines {
    var imei: any ScreenshotReading
    let kyc: any KYCEngine

    init(imei: any ScreenshotReading, kyc: any KYCEngine) {
        self.imei = imei
        self.kyc = kyc
    }

    /// Makes one worker's engines; called once per worker, on that worker's thread.
    typealias Factory = @Sendable () throws -> WorkerEngines

    /// The real engines: a Tesseract-backed ``IMEIReader`` and the rule-based KYC validator.
    /// Each call loads a Tesseract model, so it takes a moment and some memory.
    static func live(reader configuration: IMEIReader.Configuration) -> Factory {
        {
            let reader = try IMEIReader(configuration: configuration)
            let validator = try KYCValidator()
            return WorkerEngines(imei: reader, kyc: validator)
        }
    }
}
