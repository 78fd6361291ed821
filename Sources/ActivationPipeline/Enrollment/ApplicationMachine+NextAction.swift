extension ApplicationMachine {
    /// What the caller does next at the current status, for people and programs alike.
    public var nextAction: String {
        switch status {
        case nil: return "Call initiateApplication."
        case .newApplication, .dataCollection, .kycFailed:
            let missing = missingValidations.isEmpty ? ["validateDocuments", "validateSelfie"] : missingValidations
            let retries = status == .kycFailed ? " (\(remainingAllowedRetries) retries left)" : ""
            return "Update the application if needed, then call \(missing.joined(separator: " and "))\(retries)."
        case .kycInProgress:
            let missing = missingValidations
            return missing.isEmpty
                ? "Call validateApplication."
                : "Call \(missing.joined(separator: " and ")), then validateApplication."
        case .kycSuccess: return "Call acceptApplication."
        case .applicationAccepted: return "Call finalizeApplicationCreateCustomer and finalizeApplicationCreateProduct."
        case .applicationProcessed, .kycRejected, .applicationCancelled, .applicationRejected: return "NA"
        }
    }

    /// The validations still to pass before `validateApplication`, as call names.
    private var missingValidations: [String] {
        (documentsValidated ? [] : ["validateDocuments"]) + (selfieValidated ? [] : ["validateSelfie"])
    }
}
