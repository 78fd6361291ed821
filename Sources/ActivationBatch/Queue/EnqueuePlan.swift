/// Decides what enqueueing one path does to the row already stored for it. Pure logic.
///
/// A finished row is skipped while the file's size and modification time are what they were
/// when it was read; when they changed it is queued again, and the worker compares content
/// hashes (an unchanged hash keeps the stored result without reading).
public enum EnqueuePlan {
    /// What the store keeps of a row, as far as enqueueing cares.
    public struct Existing: Sendable, Hashable {
        public var state: JobState
        public var size: Int?
        public var mtimeMs: Int?

        public init(state: JobState, size: Int?, mtimeMs: Int?) {
            self.state = state
            self.size = size
            self.mtimeMs = mtimeMs
        }
    }

    /// The one thing to do for one path.
    public enum Action: Sendable, Hashable {
        /// No row yet: add one, queued.
        case insert
        /// Finished, but the file changed: queue again, keeping the previous read for comparison.
        case requeueChanged
        /// Failed, and the caller asked to retry failures: queue again, forgetting the previous read.
        case retryFailed
        /// Still queued, but the file changed: refresh size and time.
        case refresh
        /// Already finished with this file: skip.
        case skipFinished
        /// Already queued, running or waiting: leave it.
        case skipPending
    }

    /// The action for `input` given the stored row, if any.
    public static func action(for input: JobInput, existing: Existing?, retryFailed: Bool) -> Action {
        guard let existing else { return .insert }
        let changed = existing.size != input.size || existing.mtimeMs != input.mtimeMs
        switch existing.state {
        case .done, .failed:
            if changed { return .requeueChanged }
            if existing.state == .failed && retryFailed { return .retryFailed }
            return .skipFinished
        case .queued:
            return changed ? .refresh : .skipPending
        case .running, .waiting:
            return .skipPending
        }
    }
}
