/// Why an enrollment or onboarding machine refused an event, with a stable code.
public typealias EnrollmentError = CodedFailure<EnrollmentMachine>

extension StableCode<EnrollmentMachine> {
    /// The event is not allowed in the current state.
    public static var illegalTransition: Self { "ILLEGAL_TRANSITION" }
    /// The local KYC checks failed, so the validation is not sent.
    public static var kycPreValidationFailed: Self { "KYC_PREVALIDATION_FAILED" }
    /// `validateApplication` before both documents and selfie were validated.
    public static var kycStepsIncomplete: Self { "KYC_STEPS_INCOMPLETE" }
    /// A negative number of allowed retries.
    public static var invalidRetryCount: Self { "INVALID_RETRY_COUNT" }
    /// The CPF is not valid.
    public static var invalidCPF: Self { "INVALID_CPF" }
    /// No institution was chosen.
    public static var invalidInstitution: Self { "INVALID_INSTITUTION" }
    /// The account tenure is not a real `YYYY-MM-DD` date up to today.
    public static var invalidAccountTenure: Self { "INVALID_ACCOUNT_TENURE" }
    /// The risk signals are malformed, lack `device_id`, or disagree with the enrollment.
    public static var invalidRiskSignals: Self { "INVALID_RISK_SIGNALS" }
    /// The callback URL is not an absolute URL.
    public static var invalidCallbackURL: Self { "INVALID_CALLBACK_URL" }
}
