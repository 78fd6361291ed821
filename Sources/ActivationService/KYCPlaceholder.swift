// PLACEHOLDER: DELETE THIS FILE AT MERGE.
//
// Stand-ins for the KYC engineer's API (ActivationPipeline/KYC), declared here so that the
// service builds and its plumbing can be tested before that lands. Once the real types are
// in ActivationPipeline, delete this file: the names below then resolve to the real ones,
// through `import ActivationPipeline`. Nothing else in this target depends on their insides:
// the service encodes `KYCReport` as JSON and reads it back (see `KYCChecking.swift`).
//
// The stand-in validator only does what the real one is specified to do for absent files:
// each missing upload gets error `FILE_MISSING`, and any error makes the verdict `fail`.

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

/// The validator's report (stand-in shape).
struct KYCReport: Encodable, Sendable {
    struct Issue: Encodable, Sendable {
        var code: String
        var message: String
    }

    struct File: Encodable, Sendable {
        var verdict: String
        var errors: [Issue]
    }

    var verdict: String
    var front: File
    var back: File
    var selfie: File
}

/// The validator's answer: its report, and the files it fixed.
struct KYCOutcome {
    var report: KYCReport
    var fixed: [KYCRole: [UInt8]]
}

/// Stand-in for the rule-based KYC validator: one per worker, not thread-safe.
final class KYCValidator {
    init(rules: KYCRules = .init()) throws {}

    func validate(_ application: KYCApplication, fix: Bool) -> KYCOutcome {
        func check(_ upload: KYCUpload?) -> KYCReport.File {
            guard let upload, !upload.bytes.isEmpty else {
                return .init(verdict: "fail", errors: [.init(code: "FILE_MISSING", message: "no file was uploaded")])
            }
            return .init(verdict: "pass", errors: [])
        }
        let files = [check(application.front), check(application.back), check(application.selfie)]
        let verdict = files.allSatisfy { $0.verdict == "pass" } ? "pass" : "fail"
        let report = KYCReport(verdict: verdict, front: files[0], back: files[1], selfie: files[2])
        return KYCOutcome(report: report, fixed: [:])
    }
}
