extension ActivationMachine {
    /// Where the activation flow is. Stored by its raw value.
    public enum State: String, Sendable, Hashable, Codable, CaseIterable {
        /// Before `initialize`.
        case uninitialized
        /// The SDK is initialised; waiting for `start`.
        case initialized
        /// Waiting for `fetchDeviceId`.
        case awaitingDeviceId
        /// Waiting for `submitBasicDetails`.
        case awaitingBasicDetails
        /// Waiting for `sendUploadLink`; no SMS has been confirmed yet.
        case awaitingUploadLink
        /// The upload-link SMS was asked for; waiting for `smsSent` or `smsFailed`.
        case uploadLinkRequested
        /// The SMS went out; the client may open the secure screen, resend the link, or complete.
        case uploadLinkSent
        /// The secure screen is shown; waiting for `secureScreenDismissed`.
        case secureScreenOpen
        /// The secure screen was closed; the client may reopen it, resend the link, or complete.
        case secureScreenDismissed
        /// Done; every event is refused.
        case completed

        /// The SDK stage the client is at in this state; nil before `initialize`.
        public var stage: OAAction? {
            switch self {
            case .uninitialized: nil
            case .initialized: .initializedSDK
            case .awaitingDeviceId: .fetchDeviceId
            case .awaitingBasicDetails: .provideUserBasicDetail
            case .awaitingUploadLink, .uploadLinkRequested: .sendUploadLink
            case .uploadLinkSent, .secureScreenOpen: .sendUploadLinkOrOpenSecureScreen
            case .secureScreenDismissed: .secureScreenDismissed
            case .completed: .completed
            }
        }
    }

    /// What the flow has learnt, normalised; stored with the state.
    public struct Context: Sendable, Hashable, Codable {
        /// The activation code `start` was given.
        public var activationCode: String?
        /// The membership status `start` was given.
        public var membershipStatus: MembershipStatus?
        /// The membership's own mobile number, 10 digits.
        public var membershipMobile: String?
        /// The device's IMEIs, 15 digits each, slot 1 first.
        public var imeis: [String] = []
        /// The user's PIN code, 6 digits.
        public var pincode: String?
        /// The user's address.
        public var address: String?
        /// The number the upload link was last sent to, 10 digits.
        public var uploadMobile: String?
        /// Whether an upload-link SMS has been confirmed sent at least once.
        public var uploadLinkDelivered = false

        public init() {}
    }
}
