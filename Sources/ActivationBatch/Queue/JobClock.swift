/// The clock a job store stamps times and judges leases with, injected as `FlowConfiguration`
/// injects the flows' clock: ``system`` in use, a hand-moved one in tests (so that a lease test
/// moves time instead of sleeping through it, on the real SQLite file and the real PostgreSQL).
///
/// ``system`` is this machine's wall clock for a SQLite file and the server's own clock for
/// PostgreSQL (so that workers on many machines need not agree on the time). Pure value.
public struct JobClock: Sendable {
    /// Milliseconds since 1970 now; nil for the system's clock.
    let read: (@Sendable () -> Int)?

    /// The wall clock (SQLite) or the PostgreSQL server's clock.
    public static let system = JobClock(read: nil)

    /// A clock that reads `nowMs` (milliseconds since 1970), wherever the store is kept.
    public static func reading(_ nowMs: @escaping @Sendable () -> Int) -> JobClock {
        JobClock(read: nowMs)
    }

    /// Milliseconds since 1970 now, by this clock (the wall clock for ``system``).
    public func nowMs() -> Int {
        read?() ?? BatchClock.nowMs()
    }
}
