public import ActivationPipeline

extension BatchReport {
    /// One result that needs a person, as the report's first group shows it: its annotated
    /// thumbnail, what was read (masked), why it needs a person and the commands that settle it.
    public struct ReviewItem: Sendable, Hashable {
        public var path: String
        /// `IMEI1 35209900******* (text, 0.88)` per IMEI, or the error's code and name.
        public var read: [String]
        public var reasons: [ReviewReason]
        public var confirmCommand: String
        /// Nil when there is nothing to correct (no IMEI, no MEID).
        public var correctCommand: String?
        /// The annotated picture, JPEG; nil when the file is gone or does not decode.
        public var thumbnailJPEG: [UInt8]?

        public init(
            path: String, read: [String], reasons: [ReviewReason], confirmCommand: String, correctCommand: String?,
            thumbnailJPEG: [UInt8]?
        ) {
            self.path = path
            self.read = read
            self.reasons = reasons
            self.confirmCommand = confirmCommand
            self.correctCommand = correctCommand
            self.thumbnailJPEG = thumbnailJPEG
        }
    }

    /// One line of the table of every result. Never holds a full IMEI.
    public struct ResultRow: Sendable, Hashable {
        public var path: String
        public var state: JobState
        /// Each IMEI as `label masked`.
        public var imeis: [String]
        /// The channels that read the IMEIs, each once.
        public var channels: [String]
        /// The lowest confidence of its IMEIs.
        public var confidence: Double?
        public var durationMs: Int?
        /// The error's code, for a failure.
        public var errorCode: Int?
        /// `needs review`, `confirmed by NAME`, `corrected by NAME`, or empty.
        public var review: String
        /// Whether it waits for a person.
        public var needsReview: Bool
        /// Whether a person decided on it.
        public var decided: Bool
    }

    /// The common folder of `paths`, without the trailing `/`; `/` when they share none.
    static func commonFolder(_ current: [Substring]?, _ path: String) -> [Substring] {
        let folder = Array(path.split(separator: "/").dropLast())
        guard let current else { return folder }
        var count = 0
        while count < min(current.count, folder.count), current[count] == folder[count] { count += 1 }
        return Array(current.prefix(count))
    }

    /// `path` below ``root`` (the batch's common folder), or as it is when outside it.
    public func relative(_ path: String) -> String {
        let prefix = root == "/" ? "/" : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
