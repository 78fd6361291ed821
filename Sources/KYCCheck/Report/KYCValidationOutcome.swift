/// What `KYCValidator.validate(_:fix:)` returns: the report, and the fixed JPEG of each file
/// that fixing repaired (the bytes to upload instead of the original). Pure value.
///
/// Named apart from `KYCOutcome`, which is Finaptic's answer to a validation request.
public struct KYCValidationOutcome: Sendable, Hashable {
    /// The report, as JSON for the CLI and the service.
    public var report: KYCReport
    /// The fixed files' bytes, by role; a role is absent when its file was not fixed.
    public var fixed: [KYCRole: [UInt8]]

    public init(report: KYCReport, fixed: [KYCRole: [UInt8]] = [:]) {
        self.report = report
        self.fixed = fixed
    }
}
