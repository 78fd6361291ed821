/// An error of the batch machinery itself (store, queue URL, inputs, export), with a stable code.
///
/// Problems with one image never become a `BatchError`: they are the reader's `OAError`
/// codes, recorded on that image's row. A `BatchError` means the batch as a whole could not go on.
public struct BatchError: Error, Sendable, CustomStringConvertible {
    /// A stable code: its `name` never changes meaning.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String, Sendable {
            case invalidQueueURL = "BATCH_INVALID_QUEUE_URL"
            case storeOpen = "BATCH_STORE_OPEN"
            case storeQuery = "BATCH_STORE_QUERY"
            case storeCorrupt = "BATCH_STORE_CORRUPT"
            case readerInit = "BATCH_READER_INIT"
            case inputList = "BATCH_INPUT_LIST"
            case exportWrite = "BATCH_EXPORT_WRITE"
            case invalidArgument = "BATCH_INVALID_ARGUMENT"
        }

        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// The code as text, e.g. `BATCH_STORE_OPEN`.
        public var name: String { value.rawValue }
        public var description: String { value.rawValue }

        /// `--queue` is not a `postgres://` URL we can use.
        public static let invalidQueueURL = Code(.invalidQueueURL)
        /// The SQLite file or the PostgreSQL server could not be opened or set up.
        public static let storeOpen = Code(.storeOpen)
        /// A statement against the store failed.
        public static let storeQuery = Code(.storeQuery)
        /// The store holds a row this version cannot read.
        public static let storeCorrupt = Code(.storeCorrupt)
        /// A worker could not create its reader.
        public static let readerInit = Code(.readerInit)
        /// A list of paths (`@list.txt`, `-`) could not be read.
        public static let inputList = Code(.inputList)
        /// The export file could not be written.
        public static let exportWrite = Code(.exportWrite)
        /// An option has a value the batch cannot use.
        public static let invalidArgument = Code(.invalidArgument)
    }

    /// What kind of failure this is.
    public let code: Code
    /// What went wrong, for people.
    public let message: String
    /// The underlying error, if any.
    public let cause: (any Error)?

    public init(_ code: Code, _ message: String, cause: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.cause = cause
    }

    /// `CODE: message`, followed by the chain of causes.
    public var description: String {
        var text = "\(code): \(message)"
        if let cause { text += " (caused by: \(String(describing: cause)))" }
        return text
    }
}
