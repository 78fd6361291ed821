public import ActivationPipeline
import Foundation

/// A file that appears whole or not at all, written where nobody else can reach or redirect it.
///
/// Its bytes go to a temporary file beside the target, `.NAME.partial-PID-RANDOM`, created with
/// `O_CREAT|O_EXCL|O_NOFOLLOW` and mode 0600 (as `mkstemp` does): a file or symlink planted at
/// any name is never followed or written through, since creation fails on it and another random
/// name is tried. ``commit()`` flushes it and renames it over the target; until then it is listed
/// in ``TemporaryFiles``, which removes it on SIGINT and SIGTERM, and dropping it uncommitted
/// removes it. Creating one first removes the temporary files of the same target that dead
/// processes left (a `kill -9`), when this user owns them.
///
/// Not thread-safe: one writer at a time. Every call blocks on the file system.
public final class AtomicFile {
    /// Where the file appears on ``commit()``.
    public let path: String
    /// Where its bytes are until then.
    public let temporaryPath: String
    private var descriptor: Int32
    private var finished = false

    /// Creates the temporary file for `path`. Throws `FILE_WRITE` with the system's reason.
    public init(creating path: String) throws(AtomicFileError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path, name = url.lastPathComponent
        Self.removeStale(in: folder, name: name)
        let prefix = folder + "/." + name + ".partial-\(getpid())-"
        for _ in 0..<16 {
            let candidate = prefix + Self.randomSuffix()
            let fd = FileSystemName.withCString(candidate) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600) }
            if fd >= 0 {
                self.path = path
                temporaryPath = candidate
                descriptor = fd
                TemporaryFiles.shared.add(candidate)
                return
            }
            guard errno == EEXIST else { throw Self.failure("cannot create a file beside \(path)") }
        }
        throw AtomicFileError(.write, "cannot create a file beside \(path): every name tried was taken")
    }

    deinit { discard() }

    /// Appends `bytes`. Throws `FILE_WRITE` (the file is then discarded).
    public func write(_ bytes: some Collection<UInt8>) throws(AtomicFileError) {
        var rest = Array(bytes)[...]
        while !rest.isEmpty {
            let count = rest.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                let error = Self.failure("cannot write \(path)")
                discard()
                throw error
            }
            rest = rest.dropFirst(count)
        }
    }

    /// Appends `text` as UTF-8.
    public func write(_ text: String) throws(AtomicFileError) {
        try write(text.utf8)
    }

    /// Flushes the file to disk and renames it over ``path``. Throws `FILE_WRITE` (the
    /// temporary file is then removed and ``path`` left as it was).
    public func commit() throws(AtomicFileError) {
        guard !finished else { return }
        if fsync(descriptor) != 0 {
            let error = Self.failure("cannot flush \(path)")
            discard()
            throw error
        }
        close(descriptor)
        finished = true
        defer { TemporaryFiles.shared.remove(temporaryPath) }
        let moved = FileSystemName.withCString(temporaryPath) { from in FileSystemName.withCString(path) { rename(from, $0) } }
        guard moved == 0 else {
            let error = Self.failure("cannot move the file into place at \(PrintableName.terminal(path))")
            FileSystemName.withCString(temporaryPath) { _ = unlink($0) }
            throw error
        }
    }

    /// Closes and removes the temporary file, leaving ``path`` as it was. Idempotent.
    public func discard() {
        guard !finished else { return }
        finished = true
        close(descriptor)
        FileSystemName.withCString(temporaryPath) { _ = unlink($0) }
        TemporaryFiles.shared.remove(temporaryPath)
    }

    /// Writes `bytes` to `path` whole or not at all.
    public static func write(_ bytes: some Collection<UInt8>, to path: String) throws(AtomicFileError) {
        let file = try AtomicFile(creating: path)
        try file.write(bytes)
        try file.commit()
    }

    /// Removes `.NAME.partial-PID-…` files in `folder` whose process is gone, when they are
    /// plain files of this user (never a symlink's target).
    static func removeStale(in folder: String, name: String) {
        let prefix = "." + name + ".partial-"
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for entry in entries where entry.hasPrefix(prefix) {
            let parts = entry.dropFirst(prefix.count).split(separator: "-", maxSplits: 1)
            guard parts.count == 2, let pid = pid_t(parts[0]), pid != getpid() else { continue }
            guard kill(pid, 0) != 0, errno == ESRCH else { continue }
            let stale = folder + "/" + entry
            var info = stat()
            guard lstat(stale, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == getuid() else { continue }
            unlink(stale)
        }
    }

    private static func randomSuffix() -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<12).map { _ in letters[Int(generator.next() % UInt64(letters.count))] })
    }

    private static func failure(_ what: String) -> AtomicFileError {
        AtomicFileError(.write, "\(what): \(String(cString: strerror(errno)))")
    }
}

/// A file that could not be written whole (`FILE_WRITE`).
public typealias AtomicFileError = CodedFailure<AtomicFile>

extension StableCode<AtomicFile> {
    /// The file could not be created, written, flushed or moved into place.
    public static var write: Self { "FILE_WRITE" }
}
