extension EnrollmentMachine {
    /// What `createEnrollment` is called with.
    public struct CreateRequest: Sendable, Hashable {
        /// The user's CPF, with or without punctuation.
        public var cpf: String
        /// The chosen institution's ID.
        public var institution: String
        /// The customer's creation date, `YYYY-MM-DD`.
        public var accountTenure: String
        /// The risk signals collected on the device.
        public var riskSignals: RiskSignalsPayload
        /// The deep link the institution redirects back to.
        public var callbackURL: String
        /// Today, to check the account tenure.
        public var today: CalendarDate

        public init(cpf: String, institution: String, accountTenure: String, riskSignals: RiskSignalsPayload, callbackURL: String, today: CalendarDate) {
            self.cpf = cpf
            self.institution = institution
            self.accountTenure = accountTenure
            self.riskSignals = riskSignals
            self.callbackURL = callbackURL
            self.today = today
        }
    }

    /// A call's result or a webhook.
    public enum Event: Sendable, Hashable {
        /// `createEnrollment` was asked for.
        case create(CreateRequest)
        /// `completeEnrollmentAfterRedirection` answered PENDING.
        case redirectionCompleted
        /// `getFidoRegistrationOptions` returned the options.
        case fidoOptionsReceived
        /// `confirmEnrollment` returned this.
        case confirmed(Bool)
        /// An `ENROLLMENTS` webhook, or a response, with this status and reason.
        case webhook(EnrollmentStatus, reasonCode: String? = nil, reasonMessage: String? = nil)

        /// The event's name, as errors write it (`webhook(FAILED)`).
        public var name: String {
            switch self {
            case .create: "create"
            case .redirectionCompleted: "redirectionCompleted"
            case .fidoOptionsReceived: "fidoOptionsReceived"
            case .confirmed(let success): "confirmed(\(success))"
            case .webhook(let status, _, _): "webhook(\(status.rawValue))"
            }
        }
    }

    /// What the caller does after an event was applied.
    public enum Action: Sendable, Hashable {
        /// Send the user to the institution's `redirect_url`.
        case redirectToInstitution
        /// Ask for the FIDO registration options.
        case fetchFidoOptions
        /// Prompt for the biometric and register the credential, then confirm.
        case startBiometricRegistration
        /// Nothing to do; the status is unchanged.
        case wait
        /// The enrollment ended with this status.
        case finished(EnrollmentStatus)
    }
}
