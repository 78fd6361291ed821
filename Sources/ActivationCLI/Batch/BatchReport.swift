import ActivationPipeline
import ActivationBatch
import ActivationStorage
import ArgumentParser

extension Activation.Batch {
    /// `activation batch report`: one self-contained HTML page over a whole store.
    struct Report: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Writes one self-contained HTML review page of a batch: what needs review first, then every result, totals, speed and failures.",
            discussion: """
                The page needs no network and no JavaScript: thumbnails are inline JPEGs (at most 480 px), \
                annotated for the results that need review, each with its reasons and the commands that \
                confirm or correct it; then one table of every result (files below the batch's folder, \
                IMEIs masked), filtered by CSS alone. It shows the first 500 results that need review and \
                500 failures, and the count of all. It is created with mode 0600. \
                A --db that does not exist is a usage error (64).

                Example:
                  activation batch report --db batch.sqlite --out report.html
                """
        )

        @OptionGroup var store: BatchStoreOptions

        @Option(help: "The HTML file to write.")
        var out: String

        func run() async throws {
            TemporaryFiles.shared.removeOnSignals()
            let logger = BatchSession.logger(verbose: false)
            let location = try store.existingLocation()
            let out = out
            do {
                let commands = ReviewCommands(location: location)
                let command = "activation batch report \(commands.storeArguments) --out \(ReviewCommands.shellWord(out))"
                let report = try await location.withStore(JobStores.self, logger: logger) { store in
                    try await BatchReportWriter(store: store, location: location.description).report(command: command, commands: commands)
                }
                try BatchReportWriter.write(report, to: out)
                BatchSession.printError("wrote the report of \(report.counts.finished) result(s) to \(PrintableName.terminal(out))")
            } catch {
                throw BatchSession.fail(error)
            }
        }
    }
}
