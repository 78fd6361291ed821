import ActivationBatch
import ActivationPipeline
import ArgumentParser
import Foundation
import Logging

/// What `batch run` and `batch work` share: expanding inputs, running the workers with
/// progress and Ctrl-C handling, and printing the summary.
enum BatchSession {
    /// A logger on standard error; `debug` with `--verbose`.
    static func logger(verbose: Bool) -> Logger {
        var logger = Logger(label: "activation.batch") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = verbose ? .debug : .info
        return logger
    }

    /// The inputs expanded to files; unreadable directories and lists are reported on stderr.
    /// An argument that names nothing (`batch run uploads/` on a folder that does not exist) is
    /// a usage error (exit 64) before anything is stored; a missing entry of a list still gets
    /// its own 4004 row.
    static func expand(_ inputs: [String]) throws -> InputExpansion {
        let expander = InputExpander(currentDirectory: FileManager.default.currentDirectoryPath) {
            String(data: FileHandle.standardInput.readDataToEndOfFile(), encoding: .utf8)
        }
        let expansion = expander.expand(inputs)
        if !expansion.missingArguments.isEmpty {
            let names = expansion.missingArguments.map(PrintableName.terminal).joined(separator: ", ")
            throw ValidationError("No such file or directory: \(names); nothing was queued.")
        }
        for problem in expansion.problems { printError("warning: \(problem)") }
        return expansion
    }

    /// What one run of the workers gave.
    struct Outcome: Sendable {
        var tally: BatchTally
        var elapsedSeconds: Double
        var interrupted: Bool
    }

    /// Runs the workers until the queue is drained or Ctrl-C, with progress on stderr.
    static func work(
        store: any JobStore, arguments: BatchWorkerArguments, logger: Logger, quiet: Bool
    ) async throws -> Outcome {
        let pool = BatchWorkerPool(
            store: store, options: arguments.options, makeReader: arguments.reader.factory, logger: logger)
        let reclaimed = try await pool.reclaimAbandoned()
        if reclaimed > 0 { logger.info("took back \(reclaimed) input(s) from a process that died mid-run") }
        let stop = StopFlag()
        let signals = BatchSignals(stop: stop)
        defer { signals.cancel() }
        let live = BatchLiveTally()
        let started = ContinuousClock.now
        let progress = BatchProgressPrinter(store: store, tally: live, started: started, quiet: quiet)
        let tally: BatchTally
        do {
            tally = try await pool.run(stop: stop) { live.record($0) }
        } catch {
            await progress.finish()
            throw error
        }
        await progress.finish()
        return Outcome(
            tally: tally, elapsedSeconds: BatchProgressPrinter.seconds(ContinuousClock.now - started),
            interrupted: stop.isRequested)
    }

    static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Turns a batch failure into a message and exit status 1.
    static func fail(_ error: any Error) -> any Error {
        printError("error: \(error)")
        return ExitCode.failure
    }
}
