public import ActivationPipeline

extension ApplicationMachine {
    /// The steps the status accepts (given valid input), by name; empty once final.
    /// `validateApplication` is listed only once documents and selfie are validated.
    public var nextSteps: [EnrollmentStep.Name] {
        switch status {
        case nil: return []
        case .newApplication, .dataCollection, .kycFailed:
            return [.update, .validateDocuments, .validateSelfie, .cancel, .reject]
        case .kycInProgress:
            let ready = documentsValidated && selfieValidated
            return [.update, .validateDocuments, .validateSelfie] + (ready ? [.validateApplication] : []) + [.cancel, .reject]
        case .kycSuccess: return [.accept, .cancel, .reject]
        case .applicationAccepted: return [.finalize, .cancel, .reject]
        case .applicationProcessed, .kycRejected, .applicationCancelled, .applicationRejected: return []
        }
    }
}
