public import ActivationPipeline

/// An error of the stored flows (activations and enrollments), with a stable code.
///
/// A step that the machine refuses is not a `FlowError`: it comes back as a view whose `error`
/// holds the machine's own code (`1005`, `KYC_PREVALIDATION_FAILED` …) and whose `refused` is
/// true. The one exception is a creation whose first step is refused: nothing is stored, so
/// there is no view, and ``refused`` carries the machine's error instead.
public struct FlowError: Error, Sendable, CustomStringConvertible {
    /// A stable code: its `name` never changes meaning.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String, Sendable {
            case notFound = "FLOW_NOT_FOUND"
            case conflict = "FLOW_CONFLICT"
            case createRefused = "FLOW_CREATE_REFUSED"
            case duplicateID = "FLOW_DUPLICATE_ID"
            case storeOpen = "FLOW_STORE_OPEN"
            case storeQuery = "FLOW_STORE_QUERY"
            case storeCorrupt = "FLOW_STORE_CORRUPT"
            case invalidStoreURL = "FLOW_INVALID_STORE_URL"
        }

        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// The code as text, e.g. `FLOW_CONFLICT`.
        public var name: String { value.rawValue }
        public var description: String { value.rawValue }

        /// No activation or enrollment has this ID (or the ID is not a UUID). HTTP: 404.
        public static let notFound = Code(.notFound)
        /// The flow was advanced by someone else between this step's read and its write, twice
        /// in a row, or the caller's expected version is not the stored one. Nothing of this
        /// step was stored; read the flow again and retry. HTTP: 409.
        public static let conflict = Code(.conflict)
        /// The creation's first step was refused by the machine (an empty token, an invalid
        /// CPF …); nothing was stored. ``FlowError/refused`` holds the machine's error. HTTP: 422.
        public static let createRefused = Code(.createRefused)
        /// A record with this ID already exists. HTTP: 409.
        public static let duplicateID = Code(.duplicateID)
        /// The SQLite file or the PostgreSQL server could not be opened or set up. HTTP: 503.
        public static let storeOpen = Code(.storeOpen)
        /// A statement against the store failed. HTTP: 503.
        public static let storeQuery = Code(.storeQuery)
        /// The store holds a row this version cannot read. HTTP: 500.
        public static let storeCorrupt = Code(.storeCorrupt)
        /// The store's `postgres://` URL cannot be used (a configuration error at start-up).
        public static let invalidStoreURL = Code(.invalidStoreURL)
    }

    /// The machine error behind ``Code/createRefused``.
    public enum Refusal: Sendable, Hashable {
        /// The activation machine's SDK error (1001 `ERROR_EMPTY_TOKEN` …).
        case activation(OAError)
        /// An enrollment machine's error (`INVALID_CPF`, `INVALID_RETRY_COUNT` …).
        case enrollment(EnrollmentError)
    }

    /// What kind of failure this is.
    public let code: Code
    /// What went wrong, for people; never holds a full IMEI, a CPF or a bound value.
    public let message: String
    /// For ``Code/createRefused``: the machine's error.
    public let refused: Refusal?
    /// The underlying error, if any.
    public let cause: (any Error)?

    public init(_ code: Code, _ message: String, refused: Refusal? = nil, cause: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.refused = refused
        self.cause = cause
    }

    /// `CODE: message`, followed by the chain of causes.
    public var description: String {
        var text = "\(code): \(message)"
        if let cause { text += " (caused by: \(String(describing: cause)))" }
        return text
    }
}
