/// The verdict of the local KYC checks on the images, before they are sent for validation.
///
/// A failing verdict keeps `validateDocuments` and `validateSelfie` from being sent at all: the
/// user retakes the images, and no validation (or retry) is spent.
public enum KYCPreValidation: Sendable, Hashable, Codable {
    /// The images passed the local checks.
    case pass
    /// The images failed them, for these reasons (stable codes of the KYC rules).
    case fail(reasons: [String])
}
