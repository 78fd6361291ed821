import Foundation

/// The optimistic-concurrency step both façades share: load, check the caller's version,
/// decide, store over the version read, retry once. Control flow around the store's calls.
enum CompareAndSet {
    /// What a step decided about the record it was shown.
    enum Decision<Record, View> {
        /// Nothing to store (the machine refused the step, or it changed nothing): answer this.
        case answer(View)
        /// Store this record at the next version, then answer the view of what was stored.
        case store(Record, view: (Record) -> View)
    }

    /// Applies one step to the stored record `id` of `store`.
    ///
    /// The record is read (or `FLOW_NOT_FOUND`); a given `expectedVersion` other than the
    /// stored one is `FLOW_CONFLICT`. `decide` sees the record; a record to store gets the next
    /// version and `now()` as its update time (never earlier than the last), and is written
    /// only over the version read. A lost write is tried once more on a fresh read, so a step
    /// that a concurrent one made illegal is refused on the retry instead of being applied
    /// twice; a second loss, or a first one when the caller pinned its version, is
    /// `FLOW_CONFLICT`.
    static func step<Record: StoredFlow, View>(
        _: Record.Type, id: UUID, expectedVersion: Int?, in store: any FlowStore, now: () -> Date,
        decide: (Record) async throws -> Decision<Record, View>
    ) async throws -> View {
        let what = "\(Record.noun) \(FlowJSON.key(id))"
        for _ in 0..<(expectedVersion == nil ? 2 : 1) {
            let record = try await Record.load(id: id, from: store)
            if let expectedVersion, expectedVersion != record.version {
                throw FlowError(.conflict, "\(what) is at version \(record.version), not \(expectedVersion)")
            }
            switch try await decide(record) {
            case .answer(let view):
                return view
            case .store(var next, let view):
                next.version = record.version + 1
                next.updatedAt = max(FlowJSON.truncated(now()), record.updatedAt)
                if try await next.save(in: store, ifVersion: record.version) { return view(next) }
            }
        }
        throw FlowError(.conflict, "\(what) was changed by another request; read it again and retry")
    }
}
