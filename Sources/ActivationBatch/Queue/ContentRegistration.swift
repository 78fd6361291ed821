public import ActivationPipeline

/// What the store answers when a worker reports the content hash of the file it holds.
public enum ContentRegistration: Sendable, Hashable {
    /// First input with this content: read it.
    case primary
    /// Same content as `path`, which has its final result: record a copy of it.
    case copy(of: String, result: ScreenshotResult)
    /// Same content as `path`, still being read: the row now waits and gets a copy when it ends.
    case waiting(for: String)
    /// The lease was lost (it expired and another worker took the input): drop it.
    case leaseLost
}
