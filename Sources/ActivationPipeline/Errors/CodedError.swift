/// An error with a stable code, a message for people and, when it wraps one, the error behind
/// it: the one shape under every error type of the project (``OAError``, `BatchError`,
/// `FlowError`, `ServiceError`, ``EnrollmentError``, `KYCSetupError`, ``ValidationFailure``,
/// ``AccountTenureError``, `EnginePoolError`, `DeepOCRError`).
///
/// The code never changes meaning; the message is free text and may change. The SDK's own
/// numbers (4001 …) are ``OAError``'s codes; every other type names its codes with a
/// ``StableCode`` of its own.
public protocol CodedError: Error, CustomStringConvertible {
    /// The type of the stable code: a ``StableCode``, or the SDK's number for ``OAError``.
    associatedtype Code: Hashable & Sendable & CustomStringConvertible

    /// What kind of failure this is.
    var code: Code { get }
    /// What went wrong in this case, for people.
    var message: String { get }
    /// The underlying error, if any.
    var cause: (any Error)? { get }
}

extension CodedError {
    public var cause: (any Error)? { nil }

    /// `CODE: message`, followed by the chain of causes.
    public var description: String {
        var text = "\(code): \(message)"
        if let cause { text += " (caused by: \(String(describing: cause)))" }
        return text
    }
}
