public import ActivationPipeline

/// An error of the batch machinery itself (store, queue URL, inputs, export), with a stable code.
///
/// Problems with one image never become a `BatchError`: they are the reader's `OAError`
/// codes, recorded on that image's row. A `BatchError` means the batch as a whole could not go on.
public typealias BatchError = CodedFailure<Batch>

/// The batch as a whole: whose failures ``BatchError``s are, and whose codes
/// (`StableCode<Batch>`, `BATCH_…`) they carry.
public enum Batch {}

extension StableCode<Batch> {
    /// `--queue` is not a `postgres://` URL we can use.
    public static var invalidQueueURL: Self { "BATCH_INVALID_QUEUE_URL" }
    /// The SQLite file or the PostgreSQL server could not be opened or set up.
    public static var storeOpen: Self { "BATCH_STORE_OPEN" }
    /// A statement against the store failed.
    public static var storeQuery: Self { "BATCH_STORE_QUERY" }
    /// The store holds a row this version cannot read.
    public static var storeCorrupt: Self { "BATCH_STORE_CORRUPT" }
    /// A worker could not create its reader.
    public static var readerInit: Self { "BATCH_READER_INIT" }
    /// A list of paths (`@list.txt`, `-`) could not be read.
    public static var inputList: Self { "BATCH_INPUT_LIST" }
    /// The export file could not be written.
    public static var exportWrite: Self { "BATCH_EXPORT_WRITE" }
    /// An option has a value the batch cannot use.
    public static var invalidArgument: Self { "BATCH_INVALID_ARGUMENT" }
}
