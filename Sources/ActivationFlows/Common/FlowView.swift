/// What every stored flow answers with: its ID, its version, whether the last step was
/// refused, and the steps it takes next (``ActivationView``, ``EnrollmentView``). Pure value.
public protocol FlowView: Sendable, Encodable {
    /// The name of a step the flow may take next.
    associatedtype StepName: Equatable & Sendable

    /// The flow's ID (a lowercase UUID).
    var id: String { get }
    /// 1 when created; each applied step adds 1.
    var version: Int { get }
    /// True when this answers a step the machine refused (nothing was stored).
    var refused: Bool { get }
    /// The steps the flow takes now.
    var nextSteps: [StepName] { get }
}

extension ActivationView: FlowView {}

extension EnrollmentView: FlowView {}
