/// A Finaptic onboarding application's status, with Finaptic's own strings as raw values.
public enum ApplicationStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Just created by `initiateApplication`.
    case newApplication = "New Application"
    /// An update succeeded, or a document or selfie validation failed.
    case dataCollection = "Data Collection"
    /// A document or selfie validation succeeded.
    case kycInProgress = "KYC In Progress"
    /// `validateApplication` passed the KYC checks.
    case kycSuccess = "KYC Success"
    /// `validateApplication` failed the KYC checks; retries remain.
    case kycFailed = "KYC Failed"
    /// No KYC attempts remain.
    case kycRejected = "KYC Rejected"
    /// `acceptApplication` succeeded.
    case applicationAccepted = "Application Accepted"
    /// Finalised: the customer and product exist.
    case applicationProcessed = "Application Processed"
    /// Cancelled by the customer.
    case applicationCancelled = "Application Cancelled"
    /// Rejected, when no more descriptive status applies.
    case applicationRejected = "Application Rejected"

    /// Whether the application can go no further.
    public var isFinal: Bool {
        switch self {
        case .kycRejected, .applicationProcessed, .applicationCancelled, .applicationRejected: true
        default: false
        }
    }
}
