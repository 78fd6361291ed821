import ActivationBatch
import ArgumentParser

extension Activation.Batch {
    /// `activation batch work`: joins the queue as a worker until it is drained.
    struct Work: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Reads queued inputs until the queue is drained; any number may run, on any machine.",
            discussion: """
                Inputs held by a worker that died are taken over when its lease expires. A --db that \
                does not exist is a usage error (64).

                Example:
                  activation batch work --queue postgres://user@db/activation --workers 2
                """
        )

        @OptionGroup var store: BatchStoreOptions
        @OptionGroup var worker: BatchWorkerArguments

        @Flag(help: "Shows no progress while working.")
        var quiet = false

        func run() async throws {
            let logger = BatchSession.logger(verbose: worker.verbose)
            let location = try store.existingLocation()
            let (worker, quiet) = (worker, quiet)
            let summary: BatchSummary
            do {
                summary = try await location.withStore(JobStores.self, logger: logger) { store in
                    let outcome = try await BatchSession.work(
                        store: store, arguments: worker, logger: logger, quiet: quiet)
                    var summary = BatchSummary(location: location.description, counts: try await store.counts())
                    summary.tally = outcome.tally
                    summary.elapsedSeconds = outcome.elapsedSeconds
                    summary.interrupted = outcome.interrupted
                    return summary
                }
            } catch {
                throw BatchSession.fail(error)
            }
            print(summary.render())
            if summary.interrupted { throw ExitCode(130) }
        }
    }
}
