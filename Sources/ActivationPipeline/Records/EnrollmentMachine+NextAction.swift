extension EnrollmentMachine.State {
    /// What the caller does next in this state, for people and programs alike.
    public var nextAction: String {
        switch self {
        case .notCreated: "Call createEnrollment."
        case .awaitingRedirection:
            "Redirect the user to the institution's redirect_url, then call completeEnrollmentAfterRedirection."
        case .awaitingFidoOptions: "Call getFidoRegistrationOptions."
        case .awaitingConfirmation: "Register the biometric with startRegistration, then call confirmEnrollment."
        case .succeeded, .failed: "NA"
        }
    }

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
