import Synchronization

/// One body's place in the ``UploadBudget``: counts the bytes it holds, and refuses the chunk
/// that would take the budget past its byte bound.
///
/// Used by the one task that reads the body; the count is atomic only so that the budget can
/// be given back from a `defer`.
final class UploadTicket: Sendable {
    private let budget: UploadBudget?
    private let refusal: @Sendable (String) -> ServiceError
    private let count = Atomic<Int>(0)

    init(budget: UploadBudget?, refusal: @escaping @Sendable (String) -> ServiceError) {
        self.budget = budget
        self.refusal = refusal
    }

    /// The bytes counted so far.
    var held: Int { count.load(ordering: .relaxed) }

    /// Counts `bytes` more; throws 503 `UPLOAD_BUDGET` when they do not fit.
    func hold(_ bytes: Int) throws(ServiceError) {
        guard let budget else { return }
        guard budget.hold(bytes) else { throw refusal("bytes") }
        count.add(bytes, ordering: .relaxed)
    }
}
