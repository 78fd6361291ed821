import Synchronization

/// The connections open at once, against `--max-connections`. Thread-safe (atomic); called
/// from every event loop as connections open and close.
final class ConnectionCount: Sendable {
    /// The most connections served at once.
    let limit: Int
    private let open = Atomic<Int>(0)

    init(limit: Int) {
        self.limit = limit
    }

    /// Counts a new connection; false (and not counted) when `limit` are already open.
    func admit() -> Bool {
        var current = open.load(ordering: .relaxed)
        while current < limit {
            let (exchanged, original) = open.compareExchange(
                expected: current, desired: current + 1, ordering: .relaxed
            )
            if exchanged { return true }
            current = original
        }
        return false
    }

    /// Forgets one admitted connection.
    func release() {
        open.subtract(1, ordering: .relaxed)
    }

    /// The connections open now.
    var current: Int { open.load(ordering: .relaxed) }
}
