public import ActivationBatch
public import ArgumentParser
import Foundation

/// How many workers run and how they hold inputs: shared by `batch run` and `batch work`.
struct BatchWorkerArguments: ParsableArguments {
    @Option(help: "The number of worker threads, each with its own reader (default: the number of cores).")
    var workers: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "Seconds before an input held by a worker that stopped answering goes to another worker.")
    var lease: Double = 60

    @Option(help: "Attempts per input before it is recorded as failed.")
    var maxAttempts: Int = 3

    @Option(help: "Files larger than this many MiB get error 4005 without being read.")
    var maxFileMib: Int = 64

    @Option(help: ArgumentHelp(
        "The most one image's reading may take, in seconds; past it the input is recorded as failed (4001, reason DEADLINE_EXCEEDED) and not retried.",
        valueName: "seconds"))
    var imageBudget: Double = 30

    @Option(help: ArgumentHelp("The reader the workers run: imei, or digest to exercise the queue alone.", visibility: .hidden))
    var reader: BatchReaderKind = .imei

    @Option(help: ArgumentHelp("Keeps each worker this many extra milliseconds per image (tests).", visibility: .hidden))
    var holdMs: Int = 0

    @Flag(help: "Logs every image (path and error code; never IMEIs).")
    var verbose = false

    func validate() throws {
        guard workers >= 1 else { throw ValidationError("--workers must be at least 1.") }
        guard lease > 0 else { throw ValidationError("--lease must be more than 0 seconds.") }
        guard maxAttempts >= 1 else { throw ValidationError("--max-attempts must be at least 1.") }
        guard maxFileMib >= 1 else { throw ValidationError("--max-file-mib must be at least 1.") }
        guard imageBudget > 0, imageBudget <= 86_400 else {
            throw ValidationError("--image-budget must be between 0 and 86400 seconds.")
        }
        guard holdMs >= 0 else { throw ValidationError("--hold-ms cannot be negative.") }
    }

    /// The pool options these arguments give.
    var options: BatchWorkerOptions {
        var options = BatchWorkerOptions()
        options.workers = workers
        options.lease = .milliseconds(Int((lease * 1000).rounded()))
        options.maxAttempts = maxAttempts
        options.maxFileBytes = maxFileMib << 20
        options.imageBudget = .milliseconds(Int((imageBudget * 1000).rounded()))
        options.holdPerImage = holdMs > 0 ? .milliseconds(holdMs) : nil
        return options
    }
}

extension BatchReaderKind: ExpressibleByArgument {}
extension BatchExportFormat: ExpressibleByArgument {}
