import ActivationPipeline

/// The CPU one reading may spend, by the kind of picture its bands found (a legible screenshot,
/// or anything else: a photo, a box label): a fixed multiple of what that kind usually costs
/// (``ReaderTuning/screenCPUBudget``, ``ReaderTuning/photoCPUBudget``). Checked between stages,
/// so a reading goes at most one stage past it; past it no stage starts, and the reading
/// answers the IMEIs its finished stages read (each a labelled, Luhn-valid value, checked
/// against the deep reader's refusals as any reading's are), or 4001 `DEADLINE_EXCEEDED` when
/// they read none. Shared by a reading and the readings of the pictures it derives; used on
/// the one thread that reads.
final class ReadingBudget {
    private let start = ThreadCPUTime.nanoseconds()
    /// The CPU allowed, in nanoseconds, once the kind is known.
    private(set) var limit: UInt64?

    /// Sets the limit to `seconds`, once: the first kind found stands.
    func limit(to seconds: Double) {
        if limit == nil { limit = UInt64(max(0, seconds) * 1e9) }
    }

    /// Whether the reading has spent more than its limit.
    var exceeded: Bool {
        guard let limit else { return false }
        return ThreadCPUTime.nanoseconds() &- start > limit
    }
}
