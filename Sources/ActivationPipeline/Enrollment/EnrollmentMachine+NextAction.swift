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
}
