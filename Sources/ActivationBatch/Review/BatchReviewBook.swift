public import ActivationPipeline

/// What the review of one batch needs beyond each record: the IMEIs read in several uploads
/// and the people's decisions. Pure once loaded: ``status(of:)`` decides a record's review from
/// values. ``load(from:)`` pages through the store once.
public struct BatchReviewBook: Sendable {
    /// For each IMEI read in several uploads with different content, those uploads' paths.
    public var pathsByRepeatedIMEI: [String: [String]]
    /// Every decision, by path, oldest first.
    public var decisionsByPath: [String: [ReviewDecision]]

    public init(repeated: [RepeatedIMEI], decisionsByPath: [String: [ReviewDecision]]) {
        pathsByRepeatedIMEI = Dictionary(repeated.map { ($0.value, $0.paths) }, uniquingKeysWith: { a, _ in a })
        self.decisionsByPath = decisionsByPath
    }

    /// Reads every finished record once (for repeated IMEIs) and every decision. Suspends while
    /// the store answers; holds one page of records at a time.
    public static func load(from store: any JobStore) async throws -> BatchReviewBook {
        let repeated = try await BatchExporter(store: store).repeatedIMEIs()
        return BatchReviewBook(repeated: repeated, decisionsByPath: try await store.decisions())
    }

    /// `record`'s review: the reasons of ``ReviewRules`` with the batch's risk findings, and
    /// the decisions made on its current content (a decision on content since replaced no
    /// longer stands).
    public func status(of record: BatchRecord) -> ReviewStatus {
        var reused: [String: Int] = [:]
        if record.duplicateOf == nil {
            for reading in record.result.imeis {
                if let paths = pathsByRepeatedIMEI[reading.value] { reused[reading.value] = paths.filter { $0 != record.path }.count }
            }
        }
        let context = ReviewContext(reusedIn: reused, duplicateOf: record.duplicateOf)
        let reasons = ReviewRules.reasons(for: record.result, evidence: record.result.evidence, context: context)
        let decisions = (decisionsByPath[record.path] ?? []).filter { $0.sha256 == record.sha256 }
        return ReviewStatus(reasons: reasons, decisions: decisions)
    }
}
