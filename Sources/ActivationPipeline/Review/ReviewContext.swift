/// What the review rules know about one result from the rest of its batch: the risk findings.
/// Pure value, built by whoever sees every result (the batch's export, review list and report).
public struct ReviewContext: Sendable, Hashable {
    /// For each IMEI of the result read in other uploads with different content: how many.
    public var reusedIn: [String: Int]
    /// The upload whose content this one repeats, if it does.
    public var duplicateOf: String?

    public init(reusedIn: [String: Int] = [:], duplicateOf: String? = nil) {
        self.reusedIn = reusedIn
        self.duplicateOf = duplicateOf
    }
}
