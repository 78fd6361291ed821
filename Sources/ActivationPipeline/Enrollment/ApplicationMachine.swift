/// A Finaptic onboarding application as a pure value-type state machine.
///
/// It follows Finaptic's statuses: initiate → update → validateDocuments / validateSelfie →
/// validateApplication → accept → finalize. The caller feeds each call's outcome as an
/// ``Event`` and acts on the returned ``Action``; an event the status does not allow is refused
/// with ``EnrollmentError`` (`ILLEGAL_TRANSITION`) and changes nothing. `Codable`, to be stored.
///
/// Rules:
/// - `validateDocuments` and `validateSelfie` are gated by the local KYC pre-validation: a
///   failing verdict is refused (`KYC_PREVALIDATION_FAILED`) before any outcome is applied.
///   A passed validation moves to KYC In Progress; a failed one back to Data Collection.
/// - `validateApplication` is allowed in KYC In Progress once both documents and selfie were
///   validated (else `KYC_STEPS_INCOMPLETE`). A failure with retries left spends one and goes
///   to KYC Failed; with none left it goes to KYC Rejected.
/// - `FAILURE_CODE_DEFAULT` and `FAILURE_CODE_AGE_OF_MAJORITY` in any validation's failure end
///   the retries at once: KYC Rejected, `remainingAllowedRetries` 0.
/// - An update, or a failed `validateApplication`, voids earlier document and selfie
///   validations; they must be validated again.
/// - `cancel` and `reject` apply to any status that is not final.
public struct ApplicationMachine: Sendable, Hashable, Codable {
    /// The status; nil before `initiate`.
    public private(set) var status: ApplicationStatus?
    /// How many failed `validateApplication` calls may still be retried.
    public private(set) var remainingAllowedRetries = 0
    /// The failure codes of the last failed validation or rejection.
    public private(set) var failureStatusCodes: [String] = []
    /// Whether the documents passed validation since the last update.
    public private(set) var documentsValidated = false
    /// Whether the selfie passed validation since the last update.
    public private(set) var selfieValidated = false

    /// A machine before `initiate`.
    public init() {}

    /// Applies `event`, or refuses it and leaves the machine as it was.
    public mutating func handle(_ event: Event) throws(EnrollmentError) -> Action {
        switch (status, event) {
        case (nil, .initiate(let allowedRetries)):
            guard allowedRetries >= 0 else {
                throw EnrollmentError(.invalidRetryCount, "allowed retries must be 0 or more, not \(allowedRetries)")
            }
            remainingAllowedRetries = allowedRetries
            return move(to: .newApplication)

        case (.newApplication, .update), (.dataCollection, .update), (.kycInProgress, .update), (.kycFailed, .update):
            documentsValidated = false
            selfieValidated = false
            return move(to: .dataCollection)

        case (.newApplication, .validateDocuments(let verdict, let outcome)), (.dataCollection, .validateDocuments(let verdict, let outcome)),
            (.kycInProgress, .validateDocuments(let verdict, let outcome)), (.kycFailed, .validateDocuments(let verdict, let outcome)):
            try Self.gate(verdict, step: "validateDocuments")
            return validated(outcome) { $0.documentsValidated = $1 }

        case (.newApplication, .validateSelfie(let verdict, let outcome)), (.dataCollection, .validateSelfie(let verdict, let outcome)),
            (.kycInProgress, .validateSelfie(let verdict, let outcome)), (.kycFailed, .validateSelfie(let verdict, let outcome)):
            try Self.gate(verdict, step: "validateSelfie")
            return validated(outcome) { $0.selfieValidated = $1 }

        case (.kycInProgress, .validateApplication(let outcome)):
            guard documentsValidated, selfieValidated else {
                throw EnrollmentError(.kycStepsIncomplete, "validateApplication needs validated documents and selfie (documents: \(documentsValidated), selfie: \(selfieValidated))")
            }
            return applicationValidated(outcome)

        case (.kycSuccess, .accept):
            return move(to: .applicationAccepted)

        case (.applicationAccepted, .finalize):
            return move(to: .applicationProcessed)

        case (let current?, .cancel) where !current.isFinal:
            status = .applicationCancelled
            failureStatusCodes = []
            return .stop(.applicationCancelled, failureStatusCodes: [])

        case (let current?, .reject(let codes)) where !current.isFinal:
            failureStatusCodes = codes
            status = .applicationRejected
            return .stop(.applicationRejected, failureStatusCodes: codes)

        default:
            throw EnrollmentError(.illegalTransition, "\(event.kind.rawValue) in \(status?.rawValue ?? "not started")")
        }
    }

    private mutating func move(to next: ApplicationStatus) -> Action {
        status = next
        failureStatusCodes = []
        return .proceed(next)
    }

    /// Refuses a step whose local pre-validation failed.
    private static func gate(_ verdict: KYCPreValidation, step: String) throws(EnrollmentError) {
        if case .fail(let reasons) = verdict {
            throw EnrollmentError(.kycPreValidationFailed, "\(step) not sent: \(reasons.isEmpty ? "pre-validation failed" : reasons.joined(separator: ", "))")
        }
    }

    /// Applies a document or selfie validation's outcome through `mark`.
    private mutating func validated(_ outcome: KYCOutcome, mark: (inout ApplicationMachine, Bool) -> Void) -> Action {
        switch outcome {
        case .passed:
            mark(&self, true)
            return move(to: .kycInProgress)
        case .failed(let codes):
            mark(&self, false)
            if FinapticFailureCode.endsRetries(codes) {
                return rejectKYC(codes)
            }
            status = .dataCollection
            failureStatusCodes = codes
            return .retry(.dataCollection, remainingAllowedRetries: remainingAllowedRetries, failureStatusCodes: codes)
        }
    }

    private mutating func applicationValidated(_ outcome: KYCOutcome) -> Action {
        switch outcome {
        case .passed:
            return move(to: .kycSuccess)
        case .failed(let codes):
            if FinapticFailureCode.endsRetries(codes) || remainingAllowedRetries == 0 {
                return rejectKYC(codes)
            }
            remainingAllowedRetries -= 1
            documentsValidated = false
            selfieValidated = false
            status = .kycFailed
            failureStatusCodes = codes
            return .retry(.kycFailed, remainingAllowedRetries: remainingAllowedRetries, failureStatusCodes: codes)
        }
    }

    private mutating func rejectKYC(_ codes: [String]) -> Action {
        remainingAllowedRetries = 0
        status = .kycRejected
        failureStatusCodes = codes
        return .stop(.kycRejected, failureStatusCodes: codes)
    }
}
