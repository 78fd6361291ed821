import ActivationPipeline
import ActivationStorage

/// How long a batch worker waits before trying a store call again after a transient failure
/// (the server restarting, a dropped connection, a call that timed out): capped exponential
/// backoff with jitter, as River, Oban and pg-boss do. A pure value: the random draw is passed
/// in, so the delays can be checked without waiting or I/O.
public struct RetryPolicy: Sendable, Hashable {
    /// The wait before the second attempt (before jitter).
    public var initial: Duration
    /// The longest wait between two attempts (before jitter).
    public var maximum: Duration
    /// How much each wait grows over the one before.
    public var multiplier: Double
    /// The most one store call may take, the wait for a connection included; past it the call is
    /// abandoned and counts as a transient failure.
    public var callTimeout: Duration

    public init(
        initial: Duration = .milliseconds(100), maximum: Duration = .seconds(5), multiplier: Double = 2,
        callTimeout: Duration = .seconds(15)
    ) {
        self.initial = initial
        self.maximum = maximum
        self.multiplier = multiplier
        self.callTimeout = callTimeout
    }

    /// The wait after failed attempt `attempt` (1 for the first failure): `initial × multiplier^(attempt−1)`,
    /// capped at `maximum`, of which the upper half is scaled by `unit` ("equal jitter": between
    /// half and all of it), so that workers that failed together do not all come back together.
    /// `unit` is a draw in 0...1 (clamped).
    public func delay(afterAttempt attempt: Int, unit: Double) -> Duration {
        let cap = Self.seconds(maximum)
        var base = Self.seconds(initial)
        for _ in 1..<max(1, min(attempt, 64)) where base < cap { base *= multiplier }
        base = min(base, cap)
        let share = min(1, max(0, unit.isNaN ? 0 : unit))
        return .nanoseconds(Int64(((base / 2 + base / 2 * share) * 1e9).rounded()))
    }

    /// The wait after failed attempt `attempt`, with a fresh random draw.
    public func delay(afterAttempt attempt: Int) -> Duration {
        delay(afterAttempt: attempt, unit: Double.random(in: 0...1))
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (s, attoseconds) = duration.components
        return Double(s) + Double(attoseconds) / 1e18
    }

    /// The cause of a store call abandoned after ``callTimeout``.
    public struct TimedOut: Error, Sendable, Hashable, CustomStringConvertible {
        public var description: String { "the store did not answer in time" }
        public init() {}
    }

    /// Whether a failed store call may succeed if tried again: it timed out, or the store says
    /// its server is unavailable for now (``PostgresUnavailable``: a restart, a dropped
    /// connection). Every other failure, and every failure of the SQLite store, is permanent.
    public static func isTransient(_ error: any Error) -> Bool {
        guard let cause = (error as? any CodedError)?.cause else { return false }
        return cause is TimedOut || cause is PostgresUnavailable
    }
}
