public import ActivationPipeline

/// One step of a stored enrollment after its creation, with its input: the Finaptic
/// application's and the Belvo enrollment's events. A step of the other kind is refused with
/// `ILLEGAL_TRANSITION`.
///
/// `validateDocuments` and `validateSelfie` carry the local KYC verdict on the images
/// (``KYCReport/documentsPreValidation``, ``KYCReport/selfiePreValidation``): the service
/// computes it from the uploaded images, so the HTTP layer should not take it from a client
/// (``requiresKYCImages``).
public enum EnrollmentStep: Sendable, Hashable {
    /// Finaptic: one of the `update…` calls succeeded.
    case update
    /// Finaptic: `validateDocuments`, gated by the local verdict, and the response's outcome.
    case validateDocuments(preValidation: KYCPreValidation, outcome: KYCOutcome)
    /// Finaptic: `validateSelfie`, gated by the local verdict, and the response's outcome.
    case validateSelfie(preValidation: KYCPreValidation, outcome: KYCOutcome)
    /// Finaptic: `validateApplication` and its outcome.
    case validateApplication(outcome: KYCOutcome)
    /// Finaptic: `acceptApplication` succeeded.
    case accept
    /// Finaptic: `finalizeApplicationCreateCustomer` and `…CreateProduct` succeeded.
    case finalize
    /// Finaptic: the customer cancelled.
    case cancel
    /// Finaptic: the application was rejected, with its failure codes.
    case reject(failureStatusCodes: [String])
    /// Belvo: `completeEnrollmentAfterRedirection` answered PENDING.
    case redirectionCompleted
    /// Belvo: `getFidoRegistrationOptions` returned the options.
    case fidoOptionsReceived
    /// Belvo: `confirmEnrollment` returned this.
    case confirmed(Bool)
    /// Belvo: an `ENROLLMENTS` webhook with this status and reason.
    case webhook(EnrollmentStatus, reasonCode: String? = nil, reasonMessage: String? = nil)

    /// Step names, as JSON and errors write them.
    public enum Name: String, Sendable, Hashable, Codable, CaseIterable {
        case update, validateDocuments, validateSelfie, validateApplication, accept, finalize, cancel, reject
        case redirectionCompleted, fidoOptionsReceived, confirmed, webhook
    }

    /// The step's name without its values.
    public var name: Name {
        switch self {
        case .update: .update
        case .validateDocuments: .validateDocuments
        case .validateSelfie: .validateSelfie
        case .validateApplication: .validateApplication
        case .accept: .accept
        case .finalize: .finalize
        case .cancel: .cancel
        case .reject: .reject
        case .redirectionCompleted: .redirectionCompleted
        case .fidoOptionsReceived: .fidoOptionsReceived
        case .confirmed: .confirmed
        case .webhook: .webhook
        }
    }

    /// Which onboarding the step belongs to.
    public var kind: EnrollmentKind {
        switch self {
        case .update, .validateDocuments, .validateSelfie, .validateApplication, .accept, .finalize, .cancel, .reject:
            .finaptic
        case .redirectionCompleted, .fidoOptionsReceived, .confirmed, .webhook:
            .belvo
        }
    }

    /// Whether the step carries a verdict on KYC images the service must compute itself.
    public var requiresKYCImages: Bool {
        name == .validateDocuments || name == .validateSelfie
    }

    /// The Finaptic machine's event; nil for a Belvo step.
    var applicationEvent: ApplicationMachine.Event? {
        switch self {
        case .update: .update
        case .validateDocuments(let verdict, let outcome): .validateDocuments(preValidation: verdict, outcome: outcome)
        case .validateSelfie(let verdict, let outcome): .validateSelfie(preValidation: verdict, outcome: outcome)
        case .validateApplication(let outcome): .validateApplication(outcome: outcome)
        case .accept: .accept
        case .finalize: .finalize
        case .cancel: .cancel
        case .reject(let codes): .reject(failureStatusCodes: codes)
        case .redirectionCompleted, .fidoOptionsReceived, .confirmed, .webhook: nil
        }
    }

    /// The Belvo machine's event; nil for a Finaptic step.
    var enrollmentEvent: EnrollmentMachine.Event? {
        switch self {
        case .redirectionCompleted: .redirectionCompleted
        case .fidoOptionsReceived: .fidoOptionsReceived
        case .confirmed(let success): .confirmed(success)
        case .webhook(let status, let code, let message): .webhook(status, reasonCode: code, reasonMessage: message)
        case .update, .validateDocuments, .validateSelfie, .validateApplication, .accept, .finalize, .cancel, .reject: nil
        }
    }
}
