public import ActivationPipeline

extension KYCReport {
    /// The verdict for the whole application, as the enrollment machine takes it: the reasons
    /// are the distinct error codes of every file and of the application, in order.
    public var preValidation: KYCPreValidation {
        Self.verdict(KYCRole.allCases.flatMap { self[$0].errors } + errors)
    }

    /// The verdict that gates `validateDocuments`: the front's and back's errors and the
    /// application's (all of which concern the document).
    public var documentsPreValidation: KYCPreValidation {
        Self.verdict(front.errors + back.errors + errors)
    }

    /// The verdict that gates `validateSelfie`: the selfie's errors.
    public var selfiePreValidation: KYCPreValidation {
        Self.verdict(selfie.errors)
    }

    private static func verdict(_ issues: [KYCIssue]) -> KYCPreValidation {
        guard !issues.isEmpty else { return .pass }
        var seen = Set<String>()
        return .fail(reasons: issues.map(\.code.rawValue).filter { seen.insert($0).inserted })
    }
}
