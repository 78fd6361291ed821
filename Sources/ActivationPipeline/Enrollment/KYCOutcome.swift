/// The answer to a validation request (`validateDocuments`, `validateSelfie`,
/// `validateApplication`), as the caller received it.
public enum KYCOutcome: Sendable, Hashable, Codable {
    /// The validation passed.
    case passed
    /// The validation failed, with the `failureStatusCodes` the response listed.
    case failed(failureStatusCodes: [String])
}
