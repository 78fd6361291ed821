public import ActivationPipeline

/// What a worker hands the store when it is done with a claimed input.
public struct JobOutcome: Sendable, Hashable {
    /// What the store should do with an outcome: pure policy, no I/O.
    public enum Disposition: Sendable, Hashable {
        /// Record the result for good, in this state.
        case final(JobState)
        /// Give the input back to the queue for another attempt.
        case retry
    }

    /// Error codes that mean "try again" (4006 UNABLE TO PROCESS, 5000 SOME ERROR OCCURRED).
    public static let retryableCodes: Set<Int> = [OAError.unableToProcess.code, OAError.unknown.code]

    /// The result, with `file` set to the input's own path.
    public var result: ScreenshotResult
    /// The content hash, when the file could be read.
    public var sha256: String?
    /// The number of bytes read, when the file could be read.
    public var bytes: Int?
    /// Wall time this worker spent on the input, in milliseconds.
    public var durationMs: Int
    /// The path whose result this is a copy of, for a duplicate.
    public var duplicateOf: String?

    public init(result: ScreenshotResult, sha256: String?, bytes: Int?, durationMs: Int, duplicateOf: String?) {
        self.result = result
        self.sha256 = sha256
        self.bytes = bytes
        self.durationMs = durationMs
        self.duplicateOf = duplicateOf
    }

    /// Whether the result's error says the reading may succeed on another attempt.
    public var isRetryable: Bool {
        guard let code = result.error?.code else { return false }
        return Self.retryableCodes.contains(code)
    }

    /// Retry while attempts remain and the error is retryable; otherwise record it.
    public func disposition(attempts: Int, maxAttempts: Int) -> Disposition {
        if isRetryable && attempts < maxAttempts { return .retry }
        return .final(JobState.finalState(for: result))
    }
}
