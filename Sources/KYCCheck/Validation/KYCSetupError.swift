public import ActivationPipeline

/// Why a `KYCValidator` could not be made: the checks need a resource that is not there.
/// Each case has a stable code. Pure value.
public typealias KYCSetupError = CodedFailure<KYCValidator>

extension StableCode<KYCValidator> {
    /// The face cascade file is missing or unreadable (install Debian's `opencv-data`).
    public static var faceCascadeUnavailable: Self { "FACE_CASCADE_UNAVAILABLE" }
}
