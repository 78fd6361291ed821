public import ActivationPipeline

/// Where one input stands in the queue. Stored as its raw value.
public enum JobState: String, Sendable, Hashable, CaseIterable, Codable {
    /// Waiting for a worker.
    case queued
    /// Claimed by a worker whose lease has not been given up.
    case running
    /// Same content as another input still being read: takes a copy of its result when it ends.
    case waiting
    /// Read, and the reader found at least one IMEI.
    case done
    /// Read, and the reader answered with an error code; or given up after too many attempts.
    case failed

    /// Whether the input has its final result.
    public var isFinished: Bool { self == .done || self == .failed }

    /// The final state for a reader's answer: `done` when it holds no error, else `failed`.
    public static func finalState(for result: ScreenshotResult) -> JobState {
        result.error == nil ? .done : .failed
    }
}
