/// Why the engine pool did not run a job.
public enum EnginePoolError: Error, Sendable, Hashable {
    /// Every worker is busy and the wait queue is full.
    case saturated
    /// The pool is stopping or stopped.
    case shuttingDown
    /// A worker could not create its engine (for example, Tesseract's data is missing).
    case engineUnavailable(String)
}
