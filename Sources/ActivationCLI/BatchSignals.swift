import ActivationPipeline
import Dispatch
import Foundation

/// Turns SIGINT and SIGTERM into a stop request while batch workers run.
///
/// The first signal asks the workers to finish and record the images they hold, then the
/// command exits with status 130; a rerun resumes. A second signal exits at once: the images
/// in flight lose nothing either, as the next run takes their leases back. The handlers run
/// on a global dispatch queue, never in signal context.
final class BatchSignals {
    private let sources: [any DispatchSourceSignal]

    init(stop: StopFlag) {
        var sources: [any DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if stop.request() == 1 {
                    FileHandle.standardError.write(
                        Data("\nstopping: finishing the images in flight (press Ctrl-C again to quit now)\n".utf8))
                } else {
                    _exit(130)
                }
            }
            source.resume()
            sources.append(source)
        }
        self.sources = sources
    }

    /// Restores the default handlers.
    func cancel() {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
