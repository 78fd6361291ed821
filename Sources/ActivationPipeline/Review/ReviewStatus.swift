/// One result's review: why it needs a person, and what people decided about its current
/// content. `needed` while there are reasons and no decision. The `review` object of the batch's
/// JSON export. Pure value.
public struct ReviewStatus: Sendable, Hashable, Encodable {
    public var reasons: [ReviewReason]
    /// The decisions about this content, oldest first; the last one stands.
    public var decisions: [ReviewDecision]

    public init(reasons: [ReviewReason], decisions: [ReviewDecision]) {
        self.reasons = reasons
        self.decisions = decisions
    }

    /// Whether the result waits for a person: it has reasons and nobody decided yet.
    public var needed: Bool { !reasons.isEmpty && decisions.isEmpty }

    /// The decision that stands: the last one.
    public var decision: ReviewDecision? { decisions.last }

    /// The IMEIs as people settled them: the machine's, with each slot's last correction
    /// applied (a correction without a slot replaces the only IMEI).
    public func settledIMEIs(of result: ScreenshotResult) -> [String] {
        var values = result.imeis.map(\.value)
        for decision in decisions where decision.action == .correct {
            guard let imei = decision.imei else { continue }
            if let index = result.imeis.firstIndex(where: { $0.slot != nil && $0.slot == decision.slot }) {
                values[index] = imei
            } else if values.count <= 1 {
                values = [imei]
            } else if let slot = decision.slot, (1...values.count).contains(slot) {
                values[slot - 1] = imei
            }
        }
        return values
    }

    private enum CodingKeys: String, CodingKey { case needed, reasons, decisions }

    /// `{"needed": …, "reasons": [{"code", "detail"}], "decisions": [{"action", "imei", "slot", "by", "at", …}]}`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(needed, forKey: .needed)
        try c.encode(reasons, forKey: .reasons)
        try c.encode(decisions, forKey: .decisions)
    }
}
