public import ActivationPipeline
import Synchronization

extension IMEIReader {
    /// Starts `workers` reader threads, each with its own reader made once on it. Suspends
    /// until every reader is loaded; throws the reader's own error (4006 when Tesseract's data
    /// is missing) if one cannot load.
    public static func pool(workers: Int, configuration: Configuration = .init()) async throws(OAError) -> EnginePool<IMEIReader> {
        let failure = Mutex<OAError?>(nil)
        do {
            return try await EnginePool.start(limits: .init(workers: workers, queueDepth: 0), name: "imei-reader") {
                do throws(OAError) {
                    return try IMEIReader(configuration: configuration)
                } catch {
                    failure.withLock { $0 = $0 ?? error }
                    throw error
                }
            }
        } catch {
            throw failure.withLock { $0 } ?? OAError.unableToProcess.with(detail: "no reader could start: \(error)")
        }
    }
}
