import ActivationReader
import KYCCheck

/// What one worker thread owns: its IMEI reader and its KYC validator, created once on that
/// thread and used only there.
///
/// Not thread-safe, and never shared: the ``WorkerPool`` hands it to jobs on its own thread.
///
/// It stays in the service: the pool itself (`EnginePool`, threads, queue, stop) is already in
/// `ActivationReader`, where the batch runs its readers on it too; what is left here is the
/// service's own pairing of a reader with a KYC validator, which the batch (no KYC) does not
/// need, and `JobRunner`'s HTTP answers (503, 429, 504).
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
    /// Each call loads a Tesseract model, so it takes a moment and some memory. The reader
    /// explains every reading (its stages are gathered anyway, so this costs nothing); the
    /// routes drop `stages` unless the client asks (`POST /v1/imei?explain=1`), so the answers
    /// and the stored steps keep the reader's own JSON.
    static func live(reader configuration: IMEIReader.Configuration) -> Factory {
        var configuration = configuration
        configuration.explain = true
        return { [configuration] in
            let reader = try IMEIReader(configuration: configuration)
            let validator = try KYCValidator()
            return WorkerEngines(imei: reader, kyc: validator)
        }
    }
}
