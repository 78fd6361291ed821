public import ActivationPipeline
public import Foundation

/// What the flow façades take besides the store: the risk policy, the clock and the time zone
/// that decides "today". A value; shared by ``ActivationFlows`` and ``EnrollmentFlows``.
public struct FlowConfiguration: Sendable {
    /// Points and thresholds for the screenshot's risk assessment. The default,
    /// ``RiskPolicy/standard``, denies an IMEI already used by another activation and a
    /// screenshot file seen before (`deny` is the strongest flag). A service that wants such
    /// activations only sent to review passes a policy without those denying codes and with
    /// their points below `denyFrom`.
    public var riskPolicy: RiskPolicy
    /// The time zone of "today", for the account tenure checks of risk signals.
    public var timeZone: TimeZone
    /// The clock that stamps `createdAt` and `updatedAt`.
    public var now: @Sendable () -> Date

    public init(
        riskPolicy: RiskPolicy = .standard, timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.riskPolicy = riskPolicy
        self.timeZone = timeZone
        self.now = now
    }
}
