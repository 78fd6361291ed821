/// Why a `KYCValidator` could not be made: the checks need a resource that is not there.
/// Each case has a stable code. Pure value.
public struct KYCSetupError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable code for `KYCSetupError`.
    public struct Code: RawRepresentable, Sendable, Hashable {
        public let rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The face cascade file is missing or unreadable (install Debian's `opencv-data`).
        public static let faceCascadeUnavailable = Code(rawValue: "FACE_CASCADE_UNAVAILABLE")
    }

    public let code: Code
    /// What went wrong, for people.
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
