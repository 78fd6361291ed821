public import ActivationPipeline
public import Foundation

/// One stored enrollment: a Finaptic application or a Belvo enrollment, with the bookkeeping of
/// optimistic concurrency. A value; stores read and write whole records.
public struct EnrollmentRecord: Sendable, Hashable {
    /// The machine of either kind.
    public enum Machine: Sendable, Hashable {
        /// A Finaptic onboarding application.
        case finaptic(ApplicationMachine)
        /// A Belvo Pix Biometria enrollment.
        case belvo(EnrollmentMachine)

        /// Which kind this is.
        public var kind: EnrollmentKind {
            switch self {
            case .finaptic: .finaptic
            case .belvo: .belvo
            }
        }

        /// The provider's status string (`KYC Failed`, `PENDING` …); nil before the first step.
        public var status: String? {
            switch self {
            case .finaptic(let machine): machine.status?.rawValue
            case .belvo(let machine): machine.status?.rawValue
            }
        }
    }

    /// The enrollment's ID.
    public var id: UUID
    /// The state machine, as it stood after the last applied step.
    public var machine: Machine
    /// 1 when created; each applied step adds 1. Stores only write over the version they read.
    public var version: Int
    /// When the enrollment was created (millisecond precision once stored).
    public var createdAt: Date
    /// When the last step was applied.
    public var updatedAt: Date

    public init(id: UUID, machine: Machine, version: Int = 1, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.machine = machine
        self.version = version
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// Which kind this is.
    public var kind: EnrollmentKind { machine.kind }
    /// The provider's status string; nil before the first step.
    public var status: String? { machine.status }
}
