/// The points each finding adds and where the decision thresholds lie. Pure data.
public struct RiskPolicy: Sendable, Hashable {
    /// Points per finding; a code missing here adds 0.
    public var points: [RiskReason.Code: Int]
    /// Findings that deny on their own, whatever the score.
    public var denyingCodes: Set<RiskReason.Code>
    /// From this score up, review (step-up).
    public var reviewFrom: Int
    /// From this score up, deny.
    public var denyFrom: Int

    public init(points: [RiskReason.Code: Int], denyingCodes: Set<RiskReason.Code>, reviewFrom: Int, denyFrom: Int) {
        self.points = points
        self.denyingCodes = denyingCodes
        self.reviewFrom = reviewFrom
        self.denyFrom = denyFrom
    }

    /// The house policy. A reused IMEI or screenshot asks for a step-up (review): a device is
    /// legitimately protected again after a resale, and a user retries an upload; reuse both
    /// of IMEI and screenshot still only reviews. A declared IMEI that is not on the screen, or
    /// reuse together with another finding, scores into denial; any one of the softer findings
    /// asks for a step-up; a low-confidence reading or developer mode alone does not.
    public static let standard = RiskPolicy(
        points: [
            .imeiAlreadyActivated: 40,
            .duplicateScreenshot: 25,
            .imeiMismatch: 70,
            .imeiNotRead: 50,
            .editedImage: 40,
            .photoNotScreenshot: 40,
            .emulatedDevice: 35,
            .tacPairMismatch: 35,
            .screenSizeMismatch: 30,
            .invalidRiskSignals: 30,
            .rootedDevice: 25,
            .lowConfidenceReading: 10,
            .devModeEnabled: 10,
        ],
        denyingCodes: [],
        reviewFrom: 25,
        denyFrom: 70
    )

    /// The decision for `score` and the findings `codes`.
    public func decision(score: Int, codes: some Sequence<RiskReason.Code>) -> RiskDecision {
        if codes.contains(where: denyingCodes.contains) || score >= denyFrom { return .deny }
        return score >= reviewFrom ? .review : .allow
    }
}
