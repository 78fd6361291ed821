/// Which onboarding an enrollment record follows. Stored by its raw value.
public enum EnrollmentKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A Finaptic onboarding application (``ApplicationMachine``).
    case finaptic
    /// A Belvo Pix Biometria device enrollment (``EnrollmentMachine``).
    case belvo
}
