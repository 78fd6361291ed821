/// The result of assessing one activation: a score, a decision and the reasons behind them.
public struct RiskAssessment: Sendable, Hashable, Codable {
    /// 0 (no finding) to 100: the sum of the reasons' points, capped.
    public var score: Int
    /// What to do.
    public var decision: RiskDecision
    /// Every finding, most points first, then by code.
    public var reasons: [RiskReason]

    public init(score: Int, decision: RiskDecision, reasons: [RiskReason]) {
        self.score = score
        self.decision = decision
        self.reasons = reasons
    }

    /// The codes of the reasons, in order.
    public var codes: [RiskReason.Code] { reasons.map(\.code) }
}
