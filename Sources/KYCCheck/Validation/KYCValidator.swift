/// Checks a KYC application's three images and its document fields before anything is sent to
/// Finaptic, and fixes what can be fixed (a 9 MB photo, a HEIC) when asked.
///
/// Owns a face detector, which is expensive to make and not thread-safe: make one validator per
/// worker, once, and use it from that worker's thread only. `validate(_:fix:)` blocks while it
/// decodes, measures, detects faces and re-encodes (well under a second for phone photos).
public final class KYCValidator {
    /// The limits in force; `validate(_:fix:strictness:)` changes their thresholds for one call.
    public private(set) var rules: KYCRules
    let faces: FaceDetector

    /// Loads the face cascades named by `rules`. Throws `KYCSetupError` (`FACE_CASCADE_UNAVAILABLE`)
    /// when it cannot.
    public init(rules: KYCRules = .init()) throws {
        self.rules = rules
        faces = try FaceDetector(
            cascadePath: rules.faceCascadePath, confirmationPath: rules.faceConfirmationCascadePath,
            eyePath: rules.eyeCascadePath, networkPath: rules.faceNetworkPath
        )
    }

    /// The report on `application` at `strictness` (the thresholds of `KYCRules.apply(_:)`),
    /// with the validator's other limits; `validate(_:fix:)` otherwise.
    public func validate(_ application: KYCApplication, fix: Bool, strictness: KYCStrictness) -> KYCValidationOutcome {
        let kept = rules
        defer { rules = kept }
        rules.apply(strictness)
        return validate(application, fix: fix)
    }

    /// The report on `application`; with `fix`, files failing only on size, format or side
    /// length are re-encoded, validated again, and returned in `fixed`.
    public func validate(_ application: KYCApplication, fix: Bool) -> KYCValidationOutcome {
        var inspections: [KYCRole: Inspection] = [:]
        for role in KYCRole.allCases {
            inspections[role] = application[role].map { inspect($0, role: role, fix: fix) }
        }
        func report(_ role: KYCRole) -> KYCFileReport { inspections[role]?.report ?? .missing(role) }
        var report = KYCReport(front: report(.front), back: report(.back), selfie: report(.selfie), errors: [])

        if let front = inspections[.front], let back = inspections[.back], let why = sameness(front, back) {
            report.errors.append(KYCIssue(.duplicateImage, "the document's front and back are \(why)"))
        }
        if let selfie = inspections[.selfie] {
            for role in [KYCRole.front, .back] {
                guard let document = inspections[role], let why = sameness(selfie, document) else { continue }
                report.selfie.errors.append(KYCIssue(.duplicateImage, "the selfie and the \(role.title) are \(why)"))
            }
        }
        report.errors += rules.documentInfoIssues(
            type: application.documentType, country: application.documentCountry, state: application.documentState
        )
        return KYCValidationOutcome(report: report, fixed: inspections.compactMapValues(\.fixedBytes))
    }

    /// How two inspected files are the same picture ("the same file", "the same picture"), or
    /// nil when they are not.
    private func sameness(_ a: Inspection, _ b: Inspection) -> String? {
        if let x = a.digest, x == b.digest { return "the same file" }
        if let x = a.hash, let y = b.hash, rules.isSamePicture(x, y) { return "the same picture" }
        return nil
    }
}
