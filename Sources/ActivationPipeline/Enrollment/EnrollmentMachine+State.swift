extension EnrollmentMachine {
    /// Where the enrollment is. Stored by its raw value.
    public enum State: String, Sendable, Hashable, Codable, CaseIterable {
        /// Before `create`.
        case notCreated
        /// Created; the user is approving it at the institution.
        case awaitingRedirection
        /// The institution redirected back; waiting for the FIDO registration options.
        case awaitingFidoOptions
        /// The biometric registration is under way; waiting for the confirmation.
        case awaitingConfirmation
        /// Enrolled.
        case succeeded
        /// Failed; see the context's reason.
        case failed

        /// Belvo's status for this state; nil before `create`.
        public var status: EnrollmentStatus? {
            switch self {
            case .notCreated: nil
            case .awaitingRedirection, .awaitingFidoOptions, .awaitingConfirmation: .pending
            case .succeeded: .succeeded
            case .failed: .failed
            }
        }
    }

    /// What the enrollment was created with and what it learnt, normalised.
    public struct Context: Sendable, Hashable, Codable {
        /// The CPF, 11 digits.
        public var cpf: String?
        /// The institution's ID.
        public var institution: String?
        /// The customer's account creation date.
        public var accountTenure: CalendarDate?
        /// Where the institution redirects back to.
        public var callbackURL: String?
        /// The `device_id` of the risk signals attached at creation.
        public var deviceId: String?
        /// The risk signals attached at creation, as the client sent them.
        public var riskSignals: RiskSignalsPayload?
        /// Belvo's `status_reason_code` (or this machine's, such as `CONFIRMATION_FAILED`) on failure.
        public var statusReasonCode: String?
        /// Belvo's `status_reason_message` on failure.
        public var statusReasonMessage: String?

        public init() {}
    }
}
