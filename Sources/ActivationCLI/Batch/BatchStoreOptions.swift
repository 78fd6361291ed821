import ActivationStorage
import ActivationBatch
import ArgumentParser
import ActivationPipeline
import Foundation

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

    /// The store these options name, which must already exist: a SQLite file that is not there
    /// (`batch status --db typo.sqlite`) is a usage error (exit 64), and no file is created. A
    /// PostgreSQL queue is always there (its tables are made by whichever command comes first).
    func existingLocation() throws -> StoreLocation {
        let location = try location()
        if case .sqlite(let path) = location, !FileManager.default.fileExists(atPath: path) {
            throw ValidationError(
                "No batch database at \(PrintableName.terminal(path)): give the --db of a batch run or enqueue (nothing was created).")
        }
        return location
    }
}
