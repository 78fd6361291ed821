/// What happened to an outcome handed to ``JobStore/finish(_:_:maxAttempts:)``.
public enum FinishReport: Sendable, Hashable {
    /// Recorded for good in this state; `copies` waiting duplicates got a copy of it.
    case recorded(JobState, copies: Int)
    /// Given back to the queue for another attempt.
    case requeued
    /// Not written: the lease was lost, so another worker owns the input now.
    case leaseLost
}
