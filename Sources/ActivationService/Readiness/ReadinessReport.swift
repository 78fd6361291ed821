/// What `/ready` found: one word per check and, when not ready, the first reason, in words
/// fit for a client (never a URL, a path or an internal error name). Pure value.
struct ReadinessReport: Sendable, Hashable, Encodable {
    /// One word per check.
    struct Checks: Sendable, Hashable, Encodable {
        /// `ok`; `unavailable` (no answer within the readiness deadline, or an error); `none`
        /// (no flow store configured).
        var database: String
        /// `ok` (every worker's engines loaded); `stopping` (shutdown has begun).
        var engines: String
        /// ``DeepReaderStatus``'s raw value: `ok`, `not_installed`, `off` or `failed`.
        var deepReader: String
    }

    var checks: Checks
    /// Why the service is not ready, nil when it is.
    var reason: String?

    /// Whether every check passed.
    var isReady: Bool { reason == nil }
}
