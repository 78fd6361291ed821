/// What one worker just did with one input; sent to the caller's progress handler.
public struct BatchEvent: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// Read by this worker's reader (or failed to load: 4004/4005 before reading).
        case read
        /// Same content as an input read before: took a copy of its result.
        case copied
        /// The file changed its time or size but not its content: kept the stored result.
        case unchanged
        /// Same content as an input still being read: now waits for its result.
        case waiting
        /// A retryable error: handed back to the queue.
        case requeued
        /// The lease was lost to another worker; nothing written.
        case leaseLost
    }

    public var kind: Kind
    /// The input's absolute path.
    public var path: String
    /// The final state recorded, for `read`, `copied` and `unchanged`.
    public var state: JobState?
    /// The result's error code, if any.
    public var errorCode: Int?
    /// Time spent on the input, in milliseconds.
    public var durationMs: Int
    /// Waiting duplicates that got a copy of this result when it was recorded.
    public var copiesHanded: Int

    public init(kind: Kind, path: String, state: JobState?, errorCode: Int?, durationMs: Int, copiesHanded: Int = 0) {
        self.kind = kind
        self.path = path
        self.state = state
        self.errorCode = errorCode
        self.durationMs = durationMs
        self.copiesHanded = copiesHanded
    }
}
