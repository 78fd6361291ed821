import ActivationBatch
import ArgumentParser

extension Activation.Batch {
    /// `activation batch enqueue`: adds inputs to the queue and exits.
    struct Enqueue: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Adds inputs to the queue and exits; workers started with `batch work` read them.",
            discussion: """
                Exits 0 when queued, 64 when an INPUT does not exist (nothing is queued), 1 on a store error.

                Example:
                  activation batch enqueue uploads/ --queue postgres://user@db/activation
                """
        )

        @Argument(help: "Directories, @lists of paths, - for paths on standard input, or files.")
        var inputs: [String]

        @OptionGroup var store: BatchStoreOptions

        @Flag(help: "Queues inputs that failed before again.")
        var retryFailed = false

        func validate() throws {
            guard !inputs.isEmpty else { throw ValidationError("Give at least one INPUT.") }
        }

        func run() async throws {
            let logger = BatchSession.logger(verbose: false)
            let location = try store.location()
            let expansion = try BatchSession.expand(inputs)
            let retryFailed = retryFailed
            do {
                let report = try await location.withStore(JobStores.self, logger: logger) { store in
                    try await store.enqueue(expansion.files, retryFailed: retryFailed)
                }
                print(
                    "\(location): \(report.added) new, \(report.changed) changed, \(report.retried) retried, "
                        + "\(report.alreadyFinished) already done, \(report.alreadyPending) already queued"
                        + (expansion.skippedNonImages > 0 ? "; skipped \(expansion.skippedNonImages) non-image files" : ""))
            } catch {
                throw BatchSession.fail(error)
            }
        }
    }
}
