import ActivationPipeline
import Foundation
import Synchronization

/// The time each image of `activation imei --timings PATH` took: one JSON line per image,
/// `{"file", "cpuMs", "wallMs"}`, in the order the images finished. The CPU time is the
/// reading thread's own (`CLOCK_THREAD_CPUTIME_ID`), so that another worker's image never
/// counts; the wall time includes waiting for a core. Thread-safe; a write that fails is
/// reported once, at the end, and never stops the reading.
final class ImeiTimings: Sendable {
    /// One image's times.
    struct Sample: Sendable {
        let cpuMs: Double
        let wallMs: Double
    }

    private let handle: FileHandle
    private let failed = Mutex(false)

    /// Opens (creating or emptying) the file at `path`.
    init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path)
        else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path]) }
        self.handle = handle
    }

    /// Runs `body` on this thread and returns its value with the time it took.
    static func measure<Value>(_ body: () -> Value) -> (Value, Sample) {
        let cpu0 = ThreadCPUTime.nanoseconds(), wall0 = DispatchTime.now().uptimeNanoseconds
        let value = body()
        let cpu = ThreadCPUTime.nanoseconds() - cpu0, wall = DispatchTime.now().uptimeNanoseconds - wall0
        return (value, Sample(cpuMs: Double(cpu) / 1e6, wallMs: Double(wall) / 1e6))
    }

    /// Appends the line of `file`.
    func record(file: String, _ sample: Sample) {
        let object: [String: Any] = [
            "file": file, "cpuMs": (sample.cpuMs * 10).rounded() / 10, "wallMs": (sample.wallMs * 10).rounded() / 10,
        ]
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else { return }
        do {
            try handle.write(contentsOf: data + Data("\n".utf8))
        } catch {
            failed.withLock { $0 = true }
        }
    }

    /// Whether any line could not be written.
    var incomplete: Bool { failed.withLock { $0 } }
}
