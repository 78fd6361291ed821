extension ActivationMachine.State {
    /// The steps this state accepts (given valid input), in the flow's order; every other step
    /// is refused with 4006 `ILLEGAL_TRANSITION` (or 1008 before the SMS was confirmed).
    public var nextSteps: [ActivationMachine.Event.Kind] {
        switch self {
        case .uninitialized: [.initialize]
        case .initialized: [.start]
        case .awaitingDeviceId: [.fetchDeviceId]
        case .awaitingBasicDetails: [.submitBasicDetails]
        case .awaitingUploadLink: [.sendUploadLink]
        case .uploadLinkRequested: [.smsSent, .smsFailed]
        case .uploadLinkSent, .secureScreenDismissed: [.sendUploadLink, .openSecureScreen, .complete]
        case .secureScreenOpen: [.secureScreenDismissed]
        case .completed: []
        }
    }
}
