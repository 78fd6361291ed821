/// The optimistic-concurrency loop both façades share. Pure control flow.
enum CompareAndSet {
    /// Runs `attempt` once, and once more if its compare-and-set lost (it returned nil); after
    /// a second loss, or a first one when the caller pinned the version it read (`pinned`),
    /// throws `FLOW_CONFLICT`. Each attempt reloads the record, so a step that a concurrent one
    /// made illegal is refused on the retry instead of being applied twice.
    static func run<T>(
        what: String, pinned: Bool, _ attempt: () async throws -> T?
    ) async throws -> T {
        let tries = pinned ? 1 : 2
        for _ in 0..<tries {
            if let result = try await attempt() { return result }
        }
        throw FlowError(.conflict, "\(what) was changed by another request; read it again and retry")
    }
}
