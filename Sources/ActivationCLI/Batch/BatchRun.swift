import ActivationPipeline
import ActivationBatch
import ActivationStorage
import ArgumentParser

extension Activation.Batch {
    /// `activation batch run`: enqueue, work until done, export.
    struct Run: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Queues the inputs, reads them all with local workers, and exports the results if asked.",
            discussion: """
                Rerunning the same command resumes: files already read are skipped, changed files are \
                read again. Exits 0 when done, 64 when an INPUT does not exist (nothing is queued), \
                1 on a store or export error, 130 when interrupted.

                Example:
                  activation batch run uploads/ --db batch.sqlite --workers 2 --out results.jsonl
                """
        )

        @Argument(help: "Directories, @lists of paths, - for paths on standard input, or files.")
        var inputs: [String]

        @OptionGroup var store: BatchStoreOptions
        @OptionGroup var worker: BatchWorkerArguments

        @Option(help: "Writes every result to this file when done (.jsonl or .csv; - for standard output).")
        var out: String?

        @Option(help: "The export format when --out's extension does not name one (jsonl or csv).")
        var format: BatchExportFormat?

        @Flag(help: "Reads inputs that failed before again.")
        var retryFailed = false

        @Flag(help: "Shows no progress while working.")
        var quiet = false

        func validate() throws {
            guard !inputs.isEmpty else { throw ValidationError("Give at least one INPUT.") }
            if let out, out != "-", format == nil, BatchExportFormat(pathExtensionOf: out) == nil {
                throw ValidationError("--out must end in .jsonl or .csv, or give --format.")
            }
        }

        func run() async throws {
            // The export's temporary file goes on SIGINT/SIGTERM (the workers' graceful stop
            // puts this handler back when it is done).
            TemporaryFiles.shared.removeOnSignals()
            let logger = BatchSession.logger(verbose: worker.verbose)
            if let out {
                // Fails before the first image, not after hours of reading.
                do { try BatchExporter.checkWritable(out) } catch { throw BatchSession.fail(error) }
            }
            let location = try store.location()
            let expansion = try BatchSession.expand(inputs)
            let (worker, out, retryFailed, quiet) = (worker, out, retryFailed, quiet)
            let exportFormat = format ?? out.flatMap(BatchExportFormat.init(pathExtensionOf:)) ?? .jsonl
            let summary: BatchSummary
            do {
                summary = try await location.withStore(JobStores.self, logger: logger) { store in
                    let enqueue = try await store.enqueue(expansion.files, retryFailed: retryFailed)
                    let outcome = try await BatchSession.work(
                        store: store, arguments: worker, logger: logger, quiet: quiet)
                    let exporter = BatchExporter(store: store)
                    var finder = RepeatedIMEI.Finder()
                    var repeated: [RepeatedIMEI]
                    if let out {
                        let rows = try await exporter.export(to: out, format: exportFormat, finder: &finder)
                        repeated = finder.repeated()
                        if out != "-" { logger.info("wrote \(rows) result(s) to \(PrintableName.log(out))") }
                    } else {
                        repeated = try await exporter.repeatedIMEIs()
                    }
                    var summary = BatchSummary(location: location.description, counts: try await store.counts())
                    summary.enqueue = enqueue
                    summary.tally = outcome.tally
                    summary.elapsedSeconds = outcome.elapsedSeconds
                    summary.repeated = repeated
                    summary.problems = expansion.problems
                    summary.skippedNonImages = expansion.skippedNonImages
                    summary.interrupted = outcome.interrupted
                    return summary
                }
            } catch {
                throw BatchSession.fail(error)
            }
            if out == "-" { BatchSession.printError(summary.render()) } else { print(summary.render()) }
            if summary.interrupted { throw ExitCode(130) }
        }
    }
}
