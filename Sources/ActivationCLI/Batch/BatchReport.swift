import ActivationPipeline
import ActivationBatch
import ActivationStorage
import ArgumentParser

extension Activation.Batch {
    /// `activation batch report`: one self-contained HTML page over a whole store.
    struct Report: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Writes one self-contained HTML report of a batch: totals, speed, repeated IMEIs, duplicates and failures.",
            discussion: """
                The page needs no network and no JavaScript: thumbnails are inline JPEGs (at most 480 px). \
                It shows the first 500 failures and the count of all of them. It is created with mode 0600. \
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
                let report = try await location.withStore(JobStores.self, logger: logger) { store in
                    try await BatchReportWriter(store: store, location: location.description).report()
                }
                try BatchReportWriter.write(report, to: out)
                BatchSession.printError("wrote the report of \(report.counts.finished) result(s) to \(PrintableName.terminal(out))")
            } catch {
                throw BatchSession.fail(error)
            }
        }
    }
}
