import ActivationBatch
import ActivationStorage
import Foundation

/// The pipe's write end, for the signal handler; set before the handler is installed.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// Runs in signal context, on whichever thread the kernel picked: only `write(2)`, which is
/// async-signal-safe.
private func batchSignalHandler(_ number: Int32) {
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(signalPipeWriteEnd, &byte, 1)
}

/// Turns SIGINT and SIGTERM into a stop request while batch workers run.
///
/// The first signal asks the workers to finish and record the images they hold; the command
/// then exits with status 130 and a rerun resumes. A second signal exits at once: the images in
/// flight lose nothing either, since the next run takes their leases back.
///
/// A plain `sigaction` handler writes to a pipe that a watcher thread reads (the self-pipe
/// trick). Dispatch signal sources are not used: on Linux they only see signals blocked in
/// every thread, and threads this process does not own (OCR, database) may not block them.
final class BatchSignals {
    private static let numbers = [SIGINT, SIGTERM]
    private var previous: [Int32: sigaction] = [:]
    private let writeEnd: Int32

    init(stop: StopFlag) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            writeEnd = -1
            BatchSession.printError("warning: Ctrl-C handling is off: \(String(cString: strerror(errno)))")
            return
        }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        self.writeEnd = writeEnd
        signalPipeWriteEnd = writeEnd

        let watcher = Thread {
            var byte: UInt8 = 0
            while true {
                let count = read(readEnd, &byte, 1)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                if stop.request() == 1 {
                    BatchSession.printError(
                        "\nstopping: finishing the images in flight (press Ctrl-C again to quit now)")
                } else {
                    TemporaryFiles.shared.removeAll()
                    _exit(130)
                }
            }
            close(readEnd)
        }
        watcher.name = "batch-signals"
        watcher.start()

        previous = SignalAction.install(batchSignalHandler, on: Self.numbers, flags: SA_RESTART)
    }

    /// Puts back the handlers that were there before, and ends the watcher thread.
    func cancel() {
        SignalAction.restore(previous)
        previous.removeAll()
        if writeEnd >= 0 { close(writeEnd) }
    }
}
