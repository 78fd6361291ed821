import KYCCheck

/// What a worker asks of its KYC engine: a pre-validation answered as JSON and fixed files.
///
/// Every ``KYCChecking`` validator is one. Tests plug in their own to check the plumbing
/// without depending on the real report's shape. Used from one worker thread only.
protocol KYCEngine: AnyObject {
    /// Pre-validates `application`, blocking the calling (worker) thread.
    func prevalidate(_ application: KYCApplication, fix: Bool) -> KYCAnswer
    /// Pre-validates `application` at `strictness`, blocking the calling (worker) thread.
    func prevalidate(_ application: KYCApplication, fix: Bool, strictness: KYCStrictness) -> KYCAnswer
}

extension KYCEngine {
    /// An engine without strictness levels checks at its one level.
    func prevalidate(_ application: KYCApplication, fix: Bool, strictness: KYCStrictness) -> KYCAnswer {
        prevalidate(application, fix: fix)
    }
}

/// A KYC engine's answer, in a form that crosses threads: the report as JSON (an object) and
/// each fixed file's bytes under its role (`front`, `back`, `selfie`).
struct KYCAnswer: Sendable {
    var report: Result<[UInt8], ServiceError>
    var fixed: [String: [UInt8]]
}
