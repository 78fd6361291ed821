/// Why an enrollment or onboarding machine refused an event, with a stable code.
public struct EnrollmentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable reason code; never changes meaning.
    public struct Code: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
        public let rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        public var description: String { rawValue }

        /// The event is not allowed in the current state.
        public static let illegalTransition = Code(rawValue: "ILLEGAL_TRANSITION")
        /// The local KYC checks failed, so the validation is not sent.
        public static let kycPreValidationFailed = Code(rawValue: "KYC_PREVALIDATION_FAILED")
        /// `validateApplication` before both documents and selfie were validated.
        public static let kycStepsIncomplete = Code(rawValue: "KYC_STEPS_INCOMPLETE")
        /// A negative number of allowed retries.
        public static let invalidRetryCount = Code(rawValue: "INVALID_RETRY_COUNT")
        /// The CPF is not valid.
        public static let invalidCPF = Code(rawValue: "INVALID_CPF")
        /// No institution was chosen.
        public static let invalidInstitution = Code(rawValue: "INVALID_INSTITUTION")
        /// The account tenure is not a real `YYYY-MM-DD` date up to today.
        public static let invalidAccountTenure = Code(rawValue: "INVALID_ACCOUNT_TENURE")
        /// The risk signals are malformed, lack `device_id`, or disagree with the enrollment.
        public static let invalidRiskSignals = Code(rawValue: "INVALID_RISK_SIGNALS")
        /// The callback URL is not an absolute URL.
        public static let invalidCallbackURL = Code(rawValue: "INVALID_CALLBACK_URL")
    }

    /// The stable reason.
    public let code: Code
    /// What went wrong in this case, for people; free text.
    public let detail: String

    public init(_ code: Code, _ detail: String) {
        self.code = code
        self.detail = detail
    }

    public var description: String { "\(code.rawValue): \(detail)" }
}
