public import ActivationStorage

extension StoreLocation {
    /// The SQLite file used when neither `--db` nor `--queue` is given.
    public static let batchDatabase = "activation-batch.sqlite"

    /// The batch's store for the command-line options `--db` and `--queue`; at most one may
    /// be given.
    public static func batch(db: String?, queue: String?) throws(BatchError) -> StoreLocation {
        let both = BatchError(.invalidArgument, "give either --db FILE or --queue URL, not both")
        return try StoreLocation(file: db, url: queue, defaultFile: batchDatabase, bothGiven: both)
    }
}
