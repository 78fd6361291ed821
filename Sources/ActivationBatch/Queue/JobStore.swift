public import ActivationPipeline

/// Where the batch keeps one row per input, and how workers claim and finish them.
///
/// Two implementations share one schema: ``SQLiteJobStore`` (a local file) and
/// ``PostgresJobStore`` (a queue many machines share). Every method is one transaction and
/// may be called from any task; none blocks a thread while it waits on the database.
///
/// Workers hold leases: ``claim(owner:lease:maxAttempts:)`` marks a row running
/// for a time, and every later write for it is guarded by the owner, so each result is written
/// exactly once even when a lease expires and another worker takes the input over.
public protocol JobStore: Sendable {
    /// The same store (the same file or database, shared) that stamps times and judges leases
    /// by `clock` (``JobClock``): tests move time instead of sleeping.
    func clocked(by clock: JobClock) -> any JobStore

    /// Adds inputs, or queues changed ones again; see ``EnqueuePlan``.
    func enqueue(_ inputs: [JobInput], retryFailed: Bool) async throws -> EnqueueReport

    /// Claims the next input: an expired lease with attempts left first, then the oldest queued row.
    /// First it gives up on expired leases that used up `maxAttempts`, recording 4006.
    /// Nil when nothing is claimable now.
    func claim(owner: String, lease: Duration, maxAttempts: Int) async throws -> ClaimedJob?

    /// Extends the lease on a claimed input by `lease` from now, if it is still this worker's.
    /// Workers renew while they read, so a lease only runs out when its worker is gone.
    func renew(_ job: ClaimedJob, lease: Duration) async throws -> Bool

    /// Records the content hash of a claimed input and says whether to read it, copy another
    /// input's result, or wait for it. Duplicates are decided here, under the store's locks.
    func register(_ job: ClaimedJob, sha256: String, bytes: Int, durationMs: Int) async throws -> ContentRegistration

    /// Writes the outcome if the lease is still this worker's, and hands copies of it to the
    /// duplicates waiting for it.
    func finish(_ job: ClaimedJob, _ outcome: JobOutcome, maxAttempts: Int) async throws -> FinishReport

    /// The owners of every running lease (expired or not).
    func runningOwners() async throws -> [String]

    /// Ends the leases of these owners now, so their inputs can be claimed at once.
    func expireLeases(ownedBy owners: [String]) async throws -> Int

    /// How many rows are queued, running or waiting.
    func pendingCount() async throws -> Int

    /// Rows by state and finished rows by error code.
    func counts() async throws -> BatchCounts

    /// Up to `limit` finished rows whose path sorts after `path` (byte order), in path order.
    func records(after path: String?, limit: Int) async throws -> [BatchRecord]

    /// The finished row of `path`, or nil when the batch has none.
    func record(at path: String) async throws -> BatchRecord?

    /// Appends a person's decision about `path`'s result to the `batch_reviews` table, beside the
    /// machine's result (which it never changes). Committed before it returns, so it survives a
    /// `kill -9` and every later run.
    func addDecision(_ decision: ReviewDecision, for path: String) async throws

    /// Every decision, by path, oldest first.
    func decisions() async throws -> [String: [ReviewDecision]]
}
