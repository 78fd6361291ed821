import ActivationPipeline
import ActivationBatch
import ActivationStorage
import ArgumentParser

extension Activation.Batch {
    /// `activation batch export`: writes every result once.
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Writes every finished result once, in path order, as JSON lines or CSV.",
            discussion: """
                .jsonl: the objects of `activation imei --json` plus sha256, bytes, durationMs and duplicateOf. \
                .csv: one row per file. The file is created with mode 0600: it holds full IMEIs. \
                A --db that does not exist is a usage error (64).

                Example:
                  activation batch export --db batch.sqlite --out results.csv
                """
        )

        @OptionGroup var store: BatchStoreOptions

        @Option(help: "The file to write (.jsonl or .csv; - for standard output).")
        var out: String

        @Option(help: "The format when --out's extension does not name one (jsonl or csv).")
        var format: BatchExportFormat?

        func validate() throws {
            if out != "-", format == nil, BatchExportFormat(pathExtensionOf: out) == nil {
                throw ValidationError("--out must end in .jsonl or .csv, or give --format.")
            }
        }

        func run() async throws {
            TemporaryFiles.shared.removeOnSignals()
            let logger = BatchSession.logger(verbose: false)
            let location = try store.existingLocation()
            let out = out
            let exportFormat = format ?? BatchExportFormat(pathExtensionOf: out) ?? .jsonl
            do {
                let (rows, pending) = try await location.withStore(JobStores.self, logger: logger) { store in
                    var finder = RepeatedIMEI.Finder()
                    let rows = try await BatchExporter(store: store).export(to: out, format: exportFormat, finder: &finder)
                    return (rows, try await store.pendingCount())
                }
                var note = "wrote \(rows) result(s)" + (out == "-" ? "" : " to \(PrintableName.terminal(out))")
                if pending > 0 { note += "; \(pending) input(s) not finished yet are not in it" }
                BatchSession.printError(note)
            } catch {
                throw BatchSession.fail(error)
            }
        }
    }
}
