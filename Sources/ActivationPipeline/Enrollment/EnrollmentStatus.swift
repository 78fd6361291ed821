/// A Belvo Pix Biometria enrollment's status, with Belvo's strings as raw values.
public enum EnrollmentStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Created; waiting for the institution, the FIDO options or the biometric confirmation.
    case pending = "PENDING"
    /// The device is enrolled; payments can be authorised with biometrics.
    case succeeded = "SUCCEEDED"
    /// The enrollment failed; see `statusReasonCode`.
    case failed = "FAILED"
}
