public import ActivationPipeline

/// One finished input as the store keeps it and the export writes it.
public struct BatchRecord: Sendable, Hashable {
    /// The reader's result; `file` is the input's absolute path.
    public var result: ScreenshotResult
    /// `done` or `failed`.
    public var state: JobState
    /// The content hash, hex; nil when the file could not be read.
    public var sha256: String?
    /// The file's size in bytes; nil when it could not be stat'ed.
    public var bytes: Int?
    /// Time the worker spent on it, in milliseconds.
    public var durationMs: Int?
    /// The path whose result this is a copy of, for a duplicate.
    public var duplicateOf: String?
    /// How many times it was claimed.
    public var attempts: Int
    /// How many times a final result was written for it (1 unless the file changed and was re-read).
    public var writes: Int
    /// When a worker last claimed it, and when its result was written: Unix milliseconds.
    public var startedMs: Int?
    public var finishedMs: Int?

    /// The input's absolute path.
    public var path: String { result.file }

    public init(
        result: ScreenshotResult, state: JobState, sha256: String?, bytes: Int?, durationMs: Int?,
        duplicateOf: String?, attempts: Int, writes: Int, startedMs: Int? = nil, finishedMs: Int? = nil
    ) {
        self.result = result
        self.state = state
        self.sha256 = sha256
        self.bytes = bytes
        self.durationMs = durationMs
        self.duplicateOf = duplicateOf
        self.attempts = attempts
        self.writes = writes
        self.startedMs = startedMs
        self.finishedMs = finishedMs
    }
}
