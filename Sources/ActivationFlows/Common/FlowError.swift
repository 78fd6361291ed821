public import ActivationPipeline
public import ActivationStorage

/// An error of the stored flows (activations and enrollments), with a stable code.
///
/// A step that the machine refuses is not a `FlowError`: it comes back as a view whose `error`
/// holds the machine's own code (`1005`, `KYC_PREVALIDATION_FAILED` …) and whose `refused` is
/// true. The one exception is a creation whose first step is refused: nothing is stored, so
/// there is no view, and the `FLOW_CREATE_REFUSED` error's cause is the machine's error. The
/// store codes are `FLOW_STORE_OPEN`, `FLOW_STORE_QUERY` (HTTP 503) and `FLOW_STORE_CORRUPT`
/// (HTTP 500).
public typealias FlowError = CodedFailure<Flows>

/// The stored flows: whose failures ``FlowError``s are, and whose codes they carry.
/// A store URL that cannot be used is `FLOW_INVALID_STORE_URL` (a configuration error at start-up).
public enum Flows: StoreOwner {
    public static let codePrefix = "FLOW", urlNoun = "STORE"
}

extension StableCode<Flows> {
    /// No activation or enrollment has this ID (or the ID is not a UUID). HTTP: 404.
    public static var notFound: Self { "FLOW_NOT_FOUND" }
    /// The flow was advanced by someone else between this step's read and its write, twice
    /// in a row, or the caller's expected version is not the stored one. Nothing of this
    /// step was stored; read the flow again and retry. HTTP: 409.
    public static var conflict: Self { "FLOW_CONFLICT" }
    /// The creation's first step was refused by the machine (an empty token, an invalid
    /// CPF …); nothing was stored. The error's cause is the machine's error (``OAError`` or
    /// ``EnrollmentError``). HTTP: 422.
    public static var createRefused: Self { "FLOW_CREATE_REFUSED" }
    /// A record with this ID already exists. HTTP: 409.
    public static var duplicateID: Self { "FLOW_DUPLICATE_ID" }
    /// The create's `Idempotency-Key` was first used, within its lifetime, with another
    /// request (another body); nothing was stored. Use a new key for a new record. HTTP: 422.
    public static var idempotencyKeyReused: Self { "FLOW_IDEMPOTENCY_KEY_REUSED" }
}

extension CodedFailure<Flows> {
    /// The machine error behind a refused creation.
    public typealias Refusal = FlowRefusal

    /// For `FLOW_CREATE_REFUSED`: the machine's error, which is the cause.
    public var refused: FlowRefusal? {
        guard code == .createRefused else { return nil }
        switch cause {
        case let error as OAError: return .activation(error)
        case let error as EnrollmentError: return .enrollment(error)
        default: return nil
        }
    }
}
