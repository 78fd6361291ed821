extension ApplicationMachine {
    /// A Finaptic onboarding call, with its outcome as the caller received it.
    public enum Event: Sendable, Hashable {
        /// `initiateApplication` succeeded; the response's `remainingAllowedRetries`.
        case initiate(allowedRetries: Int)
        /// One of the `update…` calls succeeded.
        case update
        /// `validateDocuments`: the local verdict that gates it, and the response's outcome.
        case validateDocuments(preValidation: KYCPreValidation, outcome: KYCOutcome)
        /// `validateSelfie`: the local verdict that gates it, and the response's outcome.
        case validateSelfie(preValidation: KYCPreValidation, outcome: KYCOutcome)
        /// `validateApplication` and its outcome.
        case validateApplication(outcome: KYCOutcome)
        /// `acceptApplication` succeeded.
        case accept
        /// `finalizeApplicationCreateCustomer` and `…CreateProduct` succeeded.
        case finalize
        /// The customer cancelled.
        case cancel
        /// Finaptic rejected the application, with its failure codes.
        case reject(failureStatusCodes: [String])

        /// The event's name without its values.
        public var kind: Kind {
            switch self {
            case .initiate: .initiate
            case .update: .update
            case .validateDocuments: .validateDocuments
            case .validateSelfie: .validateSelfie
            case .validateApplication: .validateApplication
            case .accept: .accept
            case .finalize: .finalize
            case .cancel: .cancel
            case .reject: .reject
            }
        }

        /// Event names, as errors and logs write them.
        public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
            case initiate, update, validateDocuments, validateSelfie, validateApplication, accept, finalize, cancel, reject
        }
    }

    /// What the caller does after an event was applied.
    public enum Action: Sendable, Hashable {
        /// The application moved on to this status.
        case proceed(ApplicationStatus)
        /// A validation failed; the user may fix the data or retake the images and try again.
        case retry(ApplicationStatus, remainingAllowedRetries: Int, failureStatusCodes: [String])
        /// The application can go no further (KYC Rejected, Application Cancelled, Application Rejected).
        case stop(ApplicationStatus, failureStatusCodes: [String])
    }
}
