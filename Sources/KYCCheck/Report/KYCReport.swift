/// The verdict of the KYC pre-validation on one application: a report per file, the
/// application-level errors, and pass only when there are no errors anywhere. Pure value.
///
/// JSON: `{"verdict": "pass"|"fail", "files": {"front": …, "back": …, "selfie": …}, "errors": […]}`,
/// every key present, nil as `null`.
public struct KYCReport: Sendable, Hashable, Codable {
    /// Pass or fail.
    public enum Verdict: String, Sendable, Hashable, Codable {
        case pass, fail
    }

    public var front: KYCFileReport
    public var back: KYCFileReport
    public var selfie: KYCFileReport
    /// Errors of the application as a whole: `DUPLICATE_IMAGE` (front and back),
    /// `INVALID_COUNTRY`, `DOCUMENT_STATE_REQUIRED`, `INVALID_DOCUMENT_TYPE`.
    public var errors: [KYCIssue]

    public init(front: KYCFileReport, back: KYCFileReport, selfie: KYCFileReport, errors: [KYCIssue]) {
        self.front = front
        self.back = back
        self.selfie = selfie
        self.errors = errors
    }

    /// Pass when no file and not the application has an error.
    public var verdict: Verdict {
        errors.isEmpty && KYCRole.allCases.allSatisfy { self[$0].ok } ? .pass : .fail
    }

    /// The report of `role`'s file.
    public subscript(role: KYCRole) -> KYCFileReport {
        get {
            switch role {
            case .front: front
            case .back: back
            case .selfie: selfie
            }
        }
        set {
            switch role {
            case .front: front = newValue
            case .back: back = newValue
            case .selfie: selfie = newValue
            }
        }
    }

    enum CodingKeys: String, CodingKey {
        case verdict, files, errors
    }

    enum FileKeys: String, CodingKey {
        case front, back, selfie
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let files = try c.nestedContainer(keyedBy: FileKeys.self, forKey: .files)
        front = try files.decode(KYCFileReport.self, forKey: .front)
        back = try files.decode(KYCFileReport.self, forKey: .back)
        selfie = try files.decode(KYCFileReport.self, forKey: .selfie)
        errors = try c.decodeIfPresent([KYCIssue].self, forKey: .errors) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(verdict, forKey: .verdict)
        var files = c.nestedContainer(keyedBy: FileKeys.self, forKey: .files)
        try files.encode(front, forKey: .front)
        try files.encode(back, forKey: .back)
        try files.encode(selfie, forKey: .selfie)
        try c.encode(errors, forKey: .errors)
    }
}
