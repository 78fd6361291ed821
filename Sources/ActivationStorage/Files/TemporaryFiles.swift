import ActivationPipeline
import Foundation
import Synchronization

/// The temporary files this process is writing (``AtomicFile``), removed if SIGINT or SIGTERM
/// ends it.
///
/// The paths are kept as C strings in a fixed table that the signal handler reads without
/// allocating or locking: it unlinks each (async-signal-safe), puts back the default action and
/// raises the signal again. Commands that write files install the handler with
/// ``removeOnSignals()``; a command that handles the signals itself (the batch workers' graceful
/// stop) calls ``removeAll()`` before it exits.
public final class TemporaryFiles: Sendable {
    /// The one table of the process.
    public static let shared = TemporaryFiles()

    static let capacity = 64
    /// The table's slots: a C string, or nil. Written under `lock`; read by the handler.
    nonisolated(unsafe) static let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
    private let lock = Mutex(())

    private init() {
        Self.slots.initialize(repeating: nil, count: Self.capacity)
    }

    /// Lists `path` (when the table is full, the file simply is not removed on a signal).
    func add(_ path: String) {
        lock.withLock { _ in
            guard let free = (0..<Self.capacity).first(where: { Self.slots[$0] == nil }) else { return }
            Self.slots[free] = FileSystemName.withCString(path) { strdup($0) }
        }
    }

    /// Takes `path` off the list.
    func remove(_ path: String) {
        lock.withLock { _ in
            for i in 0..<Self.capacity {
                guard let entry = Self.slots[i], String(cString: entry) == path else { continue }
                Self.slots[i] = nil
                free(entry)
            }
        }
    }

    /// Removes every listed file now (from ordinary code, before an exit), or those whose path
    /// `shouldRemove` picks (a test's own folder: the table is the whole process's).
    public func removeAll(where shouldRemove: (String) -> Bool = { _ in true }) {
        lock.withLock { _ in
            for i in 0..<Self.capacity {
                guard let entry = Self.slots[i], shouldRemove(String(cString: entry)) else { continue }
                unlink(entry)
                Self.slots[i] = nil
                free(entry)
            }
        }
    }

    /// Installs the handler for SIGINT and SIGTERM that removes the listed files and then ends
    /// the process as the signal would have.
    public func removeOnSignals() {
        SignalAction.install(temporaryFilesSignalHandler, on: [SIGINT, SIGTERM], flags: Int32(truncatingIfNeeded: SA_RESETHAND))
    }
}

/// Runs in signal context: only `unlink(2)` and `raise(3)`, which are async-signal-safe. The
/// handler was installed with `SA_RESETHAND`, so raising again ends the process.
private func temporaryFilesSignalHandler(_ number: Int32) {
    for i in 0..<TemporaryFiles.capacity {
        if let entry = TemporaryFiles.slots[i] { unlink(entry) }
    }
    raise(number)
}
