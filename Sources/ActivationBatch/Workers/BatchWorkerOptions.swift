import Foundation

/// How a process's batch workers run.
public struct BatchWorkerOptions: Sendable, Hashable {
    /// Worker threads, each with its own reader. Defaults to the number of cores.
    public var workers: Int = ProcessInfo.processInfo.activeProcessorCount
    /// How long a claim holds an input before other workers may take it over. Workers renew
    /// it every third of this while they read, so it bounds how long a dead worker's images wait.
    public var lease: Duration = .seconds(60)
    /// Claims per input before it is given up as failed (crashes and retryable errors count).
    public var maxAttempts: Int = 3
    /// How long an idle worker waits before looking again while others still hold inputs.
    public var pollInterval: Duration = .milliseconds(250)
    /// Files larger than this get 4005 without being read into memory.
    public var maxFileBytes: Int = 64 << 20
    /// The most one image's reading may take (wall time, from its start): past it the engines
    /// stop and the input is recorded as failed, 4001 with reason `DEADLINE_EXCEEDED`, for good
    /// (4001 is not retried). Far above any real image (the costliest photos take about 5 s).
    public var imageBudget: Duration? = .seconds(30)
    /// Keeps each worker busy this much longer per image, as a slower reader would (tests, demos).
    public var holdPerImage: Duration?
    /// How store calls are bounded and tried again when the store is away for a while (a
    /// PostgreSQL restart or failover): workers wait it out instead of exiting.
    public var retry = RetryPolicy()
    /// How long one step of a worker (a store call with its retries, a reading) may last before
    /// the watchdog logs it as stalled. Above the image budget, so a slow image is no stall.
    public var stallLimit: Duration = .seconds(120)

    public init() {}
}
