public import ActivationPipeline

/// One input a worker holds a lease on: what the claim returned.
public struct ClaimedJob: Sendable, Hashable {
    /// What a previous read of this path left, kept so that an unchanged file is not read again.
    public struct PreviousRead: Sendable, Hashable {
        /// The content hash of that read.
        public var sha256: String
        /// Its result.
        public var result: ScreenshotResult
        /// The path it was a copy of, if it was a duplicate.
        public var duplicateOf: String?
    }

    /// The row's id in the store.
    public var id: Int64
    /// The absolute path.
    public var path: String
    /// How many times this input has been claimed, this claim included.
    public var attempts: Int
    /// The lease owner this claim was made for; every write is guarded by it.
    public var owner: String
    /// A previous read of this path, if the row had one.
    public var previous: PreviousRead?

    public init(id: Int64, path: String, attempts: Int, owner: String, previous: PreviousRead?) {
        self.id = id
        self.path = path
        self.attempts = attempts
        self.owner = owner
        self.previous = previous
    }
}
