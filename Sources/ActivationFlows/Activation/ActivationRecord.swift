public import ActivationPipeline
public import Foundation

/// One stored activation: the machine, the risk assessment of its screenshot, and the
/// bookkeeping of optimistic concurrency. A value; stores read and write whole records.
///
/// The stage and the IMEIs are not stored separately here: the stores derive their `stage`,
/// `imei` and `imei2` columns from ``machine`` on every write, so they can never disagree.
public struct ActivationRecord: Sendable, Hashable {
    /// The activation's ID.
    public var id: UUID
    /// The state machine, as it stood after the last applied step.
    public var machine: ActivationMachine
    /// The SHA-256 (lowercase hex) of the screenshot that gave the device ID, once read.
    public var screenshotSHA256: String?
    /// The risk assessment made when the device ID was read.
    public var risk: RiskAssessment?
    /// 1 when created; each applied step adds 1. Stores only write over the version they read.
    public var version: Int
    /// When the activation was created (millisecond precision once stored).
    public var createdAt: Date
    /// When the last step was applied.
    public var updatedAt: Date

    public init(
        id: UUID, machine: ActivationMachine, screenshotSHA256: String? = nil, risk: RiskAssessment? = nil,
        version: Int = 1, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.machine = machine
        self.screenshotSHA256 = screenshotSHA256
        self.risk = risk
        self.version = version
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The SDK stage the flow is at; nil before `initialize`.
    public var stage: OAAction? { machine.stage }

    /// The device's IMEIs, slot 1 first; empty before `fetchDeviceId`.
    public var imeis: [String] { machine.context.imeis }
}
