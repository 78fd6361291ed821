import ActivationPipeline

/// A result in the columns the stores write: the JSON text, the error code, the IMEI count.
/// Pure: both stores build their rows from it.
struct StoredResult: Sendable {
    var json: String
    var errorCode: Int?
    var imeiCount: Int

    init(_ result: ScreenshotResult) throws(BatchError) {
        do {
            json = try BatchJSON.encode(result)
        } catch {
            throw BatchError(.storeQuery, "could not encode the result for \(result.file)", cause: error)
        }
        errorCode = result.error?.code
        imeiCount = result.imeis.count
    }

    /// The result recorded for an input given up on: the last retryable error it gave, if it
    /// gave one, else 4006 saying that no worker finished it.
    static func givenUp(path: String, attempts: Int, lastJSON: String?) -> ScreenshotResult {
        if let lastJSON, let last = try? BatchJSON.decodeResult(lastJSON, path: path), last.error != nil {
            return last
        }
        let detail = "given up after \(attempts) attempt\(attempts == 1 ? "" : "s"): "
            + "no worker finished it (crashed, killed or timed out)"
        return .failure(path, OAError.unableToProcess.with(detail: detail))
    }
}
