import Synchronization

/// What request bodies in flight may hold at once, across every connection: how many are being
/// read, and how many bytes they hold. A body that would go over either bound is refused at
/// once (503 `UPLOAD_BUDGET`), so that slow or large uploads can never hold more memory, or
/// keep more honest clients out, than the operator allowed.
///
/// Thread-safe: one lock, held for a few integer operations, never while anything suspends or
/// blocks. The counting rules are the pure ``UploadBudget/Ledger``.
final class UploadBudget: Sendable {
    private let ledger: Mutex<Ledger>

    /// A budget of `uploads` bodies in flight holding at most `bytes` bytes between them.
    init(uploads: Int, bytes: Int) {
        ledger = Mutex(Ledger(maxUploads: uploads, maxBytes: bytes))
    }

    /// Takes one upload place, or returns nil when every place is taken.
    func open() -> Bool {
        ledger.withLock { $0.open() }
    }

    /// Counts `count` more bytes held by one open upload; false (and nothing counted) when they
    /// would go over the byte bound.
    func hold(_ count: Int) -> Bool {
        ledger.withLock { $0.hold(count) }
    }

    /// Ends one upload, giving back its place and the `bytes` it held.
    func close(releasing bytes: Int) {
        ledger.withLock { $0.close(releasing: bytes) }
    }

    /// The uploads in flight and the bytes they hold, for the metrics.
    var usage: (uploads: Int, bytes: Int) {
        ledger.withLock { ($0.uploads, $0.bytes) }
    }

    /// The pure counts behind the budget.
    struct Ledger: Sendable, Equatable {
        let maxUploads: Int
        let maxBytes: Int
        private(set) var uploads = 0
        private(set) var bytes = 0

        init(maxUploads: Int, maxBytes: Int) {
            self.maxUploads = maxUploads
            self.maxBytes = maxBytes
        }

        /// Takes a place when one is free.
        mutating func open() -> Bool {
            guard uploads < maxUploads else { return false }
            uploads += 1
            return true
        }

        /// Counts `count` bytes when they fit under the byte bound.
        mutating func hold(_ count: Int) -> Bool {
            guard count >= 0, bytes + count <= maxBytes else { return false }
            bytes += count
            return true
        }

        /// Gives back one place and `released` bytes.
        mutating func close(releasing released: Int) {
            uploads = max(0, uploads - 1)
            bytes = max(0, bytes - released)
        }
    }
}
