/// Which of the three images of an application a file is: Finaptic's `validateDocuments`
/// takes the document's front and back, `validateSelfie` the selfie. Pure value.
public enum KYCRole: String, Sendable, Hashable, Codable, CaseIterable {
    case front, back, selfie

    /// Whether the file shows the identity document (front or back) rather than the person.
    public var isDocument: Bool { self != .selfie }

    /// The role's name for people ("document front").
    public var title: String {
        switch self {
        case .front: "document front"
        case .back: "document back"
        case .selfie: "selfie"
        }
    }
}
