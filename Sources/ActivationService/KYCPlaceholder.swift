// PLACEHOLDER: DELETE THIS FILE AT MERGE.
//
// Stand-ins for types that main has and this branch does not, declared here so that the
// service builds and its plumbing can be tested without merging main. Once serve is merged
// with main, delete this file: the names below then resolve to the real, public ones through
// `import ActivationPipeline`, unchanged (checked with a trial merge: build and the service's
// tests pass against the real KYC validator).
//
// - `ScreenshotReading`: main's ActivationPipeline/Batch/ScreenshotReading.swift (the batch
//   workers' reader protocol, which `IMEIReader` conforms to).
// - The KYC API: main's ActivationPipeline/KYC (the outcome is `KYCValidationOutcome`;
//   `KYCOutcome` is Finaptic's answer, in Enrollment/). Nothing else in this target depends
//   on the report's insides: the service encodes `KYCReport` as JSON and reads it back (see
//   `KYCChecking.swift`).
//
// The stand-in validator only does what the real one does for absent files: each missing
// upload gets error `FILE_MISSING`, and any error makes the verdict `fail`.

import ActivationPipeline

/// Reads the IMEIs off one screenshot's bytes. Not thread-safe: one per worker thread, which
/// it blocks for the whole read. Never throws: the SDK error is in the result.
protocol ScreenshotReading {
    mutating func read(bytes: [UInt8], name: String) -> ScreenshotResult
}

extension IMEIReader: ScreenshotReading {}

/// The three uploads of a KYC application.
enum KYCRole: String, Sendable, Hashable, CaseIterable, Codable {
    case front, back, selfie
}

/// One uploaded file: its bytes and the name the client gave it.
struct KYCUpload: Sendable {
    var bytes: [UInt8]
    var filename: String?

    init(bytes: [UInt8], filename: String?) {
        self.bytes = bytes
        self.filename = filename
    }
}

/// Everything a KYC pre-validation looks at.
struct KYCApplication: Sendable {
    var front: KYCUpload?
    var back: KYCUpload?
    var selfie: KYCUpload?
    var documentType: String?
    var documentCountry: String?
    var documentState: String?

    init(
        front: KYCUpload?, back: KYCUpload?, selfie: KYCUpload?,
        documentType: String?, documentCountry: String?, documentState: String?
    ) {
        self.front = front
        self.back = back
        self.selfie = selfie
        self.documentType = documentType
        self.documentCountry = documentCountry
        self.documentState = documentState
    }
}

/// The validator's rules (stand-in: none).
struct KYCRules: Sendable {
    init() {}
}

/// The validator's report (stand-in, with the real one's JSON shape:
/// `{"verdict": …, "files": {"front": …, "back": …, "selfie": …}, "errors": […]}`).
struct KYCReport: Encodable, Sendable {
    struct Issue: Encodable, Sendable {
        var code: String
        var message: String
    }

    struct File: Encodable, Sendable {
        var ok: Bool { errors.isEmpty }
        var errors: [Issue]
        var fixedContent: String?

        private enum CodingKeys: String, CodingKey { case ok, errors, fixedContent }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(ok, forKey: .ok)
            try c.encode(errors, forKey: .errors)
            try c.encode(fixedContent, forKey: .fixedContent)
        }
    }

    struct Files: Encodable, Sendable {
        var front: File
        var back: File
        var selfie: File
    }

    var verdict: String
    var files: Files
    var errors: [Issue]
}

/// The validator's answer: its report, and the files it fixed.
struct KYCValidationOutcome {
    var report: KYCReport
    var fixed: [KYCRole: [UInt8]]
}

/// Stand-in for the rule-based KYC validator: one per worker, not thread-safe.
final class KYCValidator {
    init(rules: KYCRules = .init()) throws {}

    func validate(_ application: KYCApplication, fix: Bool) -> KYCValidationOutcome {
        func check(_ upload: KYCUpload?) -> KYCReport.File {
            guard upload != nil else {
                return .init(errors: [.init(code: "FILE_MISSING", message: "no file was given")])
            }
            return .init(errors: [])
        }
        let files = KYCReport.Files(front: check(application.front), back: check(application.back), selfie: check(application.selfie))
        let verdict = [files.front, files.back, files.selfie].allSatisfy(\.ok) ? "pass" : "fail"
        return KYCValidationOutcome(report: KYCReport(verdict: verdict, files: files, errors: []), fixed: [:])
    }
}
