/// A OneAssist membership's status, from the membership details API.
///
/// `POSTDTLPENDING`, `POSTDTLCOMPLETE` and `REUPLOAD` let the activation flow start; the others
/// stop it with the SDK's 2001–2006 errors.
public enum MembershipStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Post-purchase details (device ID, address) are still to be given.
    case postDetailsPending = "POSTDTLPENDING"
    /// Details are given; the documents are still to be uploaded.
    case postDetailsComplete = "POSTDTLCOMPLETE"
    /// The documents must be uploaded again.
    case reupload = "REUPLOAD"
    /// An activation is already under way (2001).
    case inProgress = "INPROGRESS"
    /// Being processed at OneAssist's end (2002).
    case pending = "PENDING"
    /// Approved (2003).
    case approved = "APPROVED"
    /// Queued (2004).
    case queued = "QUEUED"
    /// Rejected (2005).
    case rejected = "REJECTED"
    /// Cancelled (2006).
    case cancelled = "CANCELLED"

    /// Reads a status as the API writes it, ignoring case, spaces, hyphens and underscores
    /// (`IN_PROGRESS`, `In-Progress` and `INPROGRESS` are the same).
    public init?(apiValue: String) {
        let key = apiValue.uppercased().filter { $0 != "_" && $0 != "-" && $0 != " " }
        self.init(rawValue: key)
    }

    /// Whether `startActivation` may go on with this membership.
    public var startsFlow: Bool {
        switch self {
        case .postDetailsPending, .postDetailsComplete, .reupload: true
        case .inProgress, .pending, .approved, .queued, .rejected, .cancelled: false
        }
    }

    /// The SDK error that stops the flow for this status; nil for the statuses that start it.
    public var error: OAError? {
        switch self {
        case .postDetailsPending, .postDetailsComplete, .reupload: nil
        case .inProgress: .membershipInProgress
        case .pending: .membershipPending
        case .approved: .membershipApproved
        case .queued: .membershipQueued
        case .rejected: .membershipRejected
        case .cancelled: .membershipCancelled
        }
    }
}
