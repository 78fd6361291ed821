import Synchronization

extension EnginePool {
    /// One place in the pool, held from ``EnginePool/reserve()`` until the job is submitted
    /// with ``EnginePool/run(_:_:)`` or the place is given back with ``release()`` (or by
    /// dropping the reservation).
    public final class Reservation: Sendable {
        private let pool: EnginePool
        /// Whose place it is (nil: the pool's only caller).
        let client: String?
        private let used = Atomic<Bool>(false)

        init(pool: EnginePool, client: String?) {
            self.pool = pool
            self.client = client
        }

        /// A reservation dropped unused gives its place back.
        deinit {
            release()
        }

        /// Marks the reservation used; false if it already was.
        func consume() -> Bool {
            !used.exchange(true, ordering: .acquiringAndReleasing)
        }

        /// Gives the place back unless a job was submitted with it. Safe to call more than once.
        public func release() {
            if consume() { pool.release(client) }
        }
    }
}
