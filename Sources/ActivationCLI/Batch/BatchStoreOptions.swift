import ActivationStorage
import ActivationBatch
import ArgumentParser

/// `--db FILE` or `--queue URL`: the store every batch subcommand works on.
struct BatchStoreOptions: ParsableArguments {
    @Option(help: "The SQLite file that keeps the batch (default: activation-batch.sqlite).")
    var db: String?

    @Option(help: "A PostgreSQL queue shared by workers on any machine: postgres://USER@HOST:PORT/DB.")
    var queue: String?

    func validate() throws {
        do {
            _ = try location()
        } catch {
            throw ValidationError(error.message)
        }
    }

    /// The store these options name.
    func location() throws(BatchError) -> StoreLocation {
        try StoreLocation.batch(db: db, queue: queue)
    }
}
