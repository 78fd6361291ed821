import ActivationPipeline
import Synchronization

/// The CPU one reading may spend, by the kind of picture its bands found (a legible screenshot, or
/// anything else: a photo, a box label): a fixed multiple of what that kind usually costs
/// (``ReaderTuning/screenCPUBudget``, ``ReaderTuning/photoCPUBudget``). The reading's engines stop
/// when it is spent (the reading's ``WorkStop`` is a part of the caller's, limited by it: Tesseract
/// asks between the chunks it recognises, so even one costly page pass ends there; the deep
/// reader's one network run, about a second, is not cut), and no stage starts after; the reading
/// answers the IMEIs its finished stages read (each a labelled, Luhn-valid value, checked against
/// the deep reader's refusals as any reading's are), or 4001 `DEADLINE_EXCEEDED` when they read
/// none. Shared by a reading and the readings of the pictures it derives. Thread-safe, but it
/// counts the CPU of the thread that asks: the one that reads.
final class ReadingBudget: Sendable {
    private let start = ThreadCPUTime.nanoseconds()
    /// The CPU allowed, in nanoseconds; 0 until the kind is known.
    private let allowed = Atomic<UInt64>(0)

    /// The CPU allowed, in nanoseconds, once the kind is known.
    var limit: UInt64? {
        let allowed = allowed.load(ordering: .relaxed)
        return allowed == 0 ? nil : allowed
    }

    /// Sets the limit to `seconds`, once: the first kind found stands.
    func limit(to seconds: Double) {
        _ = allowed.compareExchange(expected: 0, desired: max(1, UInt64(max(0, seconds) * 1e9)), ordering: .relaxed)
    }

    /// Whether the reading has spent more than its limit.
    var exceeded: Bool {
        guard let limit else { return false }
        return ThreadCPUTime.nanoseconds() &- start > limit
    }
}
