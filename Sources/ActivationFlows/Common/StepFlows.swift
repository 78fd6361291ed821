/// A stored flow that takes one step at a time: ``ActivationFlows`` and ``EnrollmentFlows``.
/// The one shape the service's step routes are written against.
///
/// Thread-safe; calls suspend while the store works.
public protocol StepFlows: Sendable {
    /// A step the flow takes (``ActivationStep``, ``EnrollmentStep``).
    associatedtype Step: Sendable
    /// What the flow answers with (``ActivationView``, ``EnrollmentView``).
    associatedtype View: FlowView

    /// The flow's current view. `FLOW_NOT_FOUND` for an unknown or malformed ID.
    func get(id: String) async throws -> View

    /// Applies `step` and stores the result: the view after it, or the unchanged view with
    /// `refused` when the machine refused it. `FLOW_CONFLICT` when `expectedVersion` is given
    /// and is not the stored one.
    func advance(id: String, step: Step, expectedVersion: Int?) async throws -> View
}

extension ActivationFlows: StepFlows {}

extension EnrollmentFlows: StepFlows {}
