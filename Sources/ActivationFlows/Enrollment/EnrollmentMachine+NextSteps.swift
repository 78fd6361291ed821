public import ActivationPipeline

extension EnrollmentMachine.State {
    /// The steps that move this state on, by name; empty once final (a webhook repeating the
    /// final status is still accepted, as a no-op).
    public var nextSteps: [EnrollmentStep.Name] {
        switch self {
        case .notCreated, .succeeded, .failed: []
        case .awaitingRedirection: [.redirectionCompleted, .webhook]
        case .awaitingFidoOptions: [.fidoOptionsReceived, .webhook]
        case .awaitingConfirmation: [.confirmed, .webhook]
        }
    }
}
