public import ActivationPipeline
public import ActivationStorage

/// An error of the batch machinery itself (store, queue URL, inputs, export), with a stable code.
///
/// Problems with one image never become a `BatchError`: they are the reader's `OAError`
/// codes, recorded on that image's row. A `BatchError` means the batch as a whole could not go on.
/// Its store codes are `BATCH_STORE_OPEN`, `BATCH_STORE_QUERY` and `BATCH_STORE_CORRUPT`.
public typealias BatchError = CodedFailure<Batch>

/// The batch as a whole: whose failures ``BatchError``s are, and whose codes they carry.
/// Its `--queue` URL that cannot be used is `BATCH_INVALID_QUEUE_URL`.
public enum Batch: StoreOwner {
    public static let codePrefix = "BATCH", urlNoun = "QUEUE"
}

extension StableCode<Batch> {
    /// A worker could not create its reader.
    public static var readerInit: Self { "BATCH_READER_INIT" }
    /// A list of paths (`@list.txt`, `-`) could not be read.
    public static var inputList: Self { "BATCH_INPUT_LIST" }
    /// The export file could not be written.
    public static var exportWrite: Self { "BATCH_EXPORT_WRITE" }
    /// An option has a value the batch cannot use.
    public static var invalidArgument: Self { "BATCH_INVALID_ARGUMENT" }
}
