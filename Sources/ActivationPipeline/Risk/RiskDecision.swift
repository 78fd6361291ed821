/// What to do with an activation after the risk assessment.
public enum RiskDecision: String, Sendable, Hashable, Codable, CaseIterable {
    /// Go ahead.
    case allow
    /// Step up before going ahead: ask for a one-time password (as Paysafe's SCA challenge
    /// does) or send it to a person.
    case review
    /// Refuse.
    case deny
}
