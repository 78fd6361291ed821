/// Counts over a whole store: rows by state, finished rows by error code, duplicates.
public struct BatchCounts: Sendable, Hashable {
    /// Rows per state; states with no rows are absent.
    public var byState: [JobState: Int] = [:]
    /// Finished rows per error code (reader codes, and 4006 for inputs given up on).
    public var byErrorCode: [Int: Int] = [:]
    /// Finished rows that are copies of another path's result.
    public var duplicates = 0

    public init() {}

    /// Adds `count` rows in `state` with `errorCode`, `duplicates` of which are copies.
    public mutating func add(state: JobState, errorCode: Int?, count: Int, duplicates: Int) {
        byState[state, default: 0] += count
        if state.isFinished, let errorCode { byErrorCode[errorCode, default: 0] += count }
        self.duplicates += duplicates
    }

    /// Rows in `state`.
    public subscript(state: JobState) -> Int { byState[state] ?? 0 }
    /// Every row.
    public var total: Int { byState.values.reduce(0, +) }
    /// Rows with their final result.
    public var finished: Int { self[.done] + self[.failed] }
    /// Rows still to be read: queued, running or waiting.
    public var pending: Int { total - finished }
}
