import Foundation

extension BatchExporter {
    /// Checks, before any input is read, that an export to `path` can be created: creates its
    /// `.partial` file beside it, as ``export(to:format:finder:)`` will, and removes it again.
    /// `-` (standard output) always passes. Throws `BATCH_EXPORT_WRITE` naming `path` and the
    /// system's reason. Blocks for a few system calls.
    public static func checkWritable(_ path: String) throws(BatchError) {
        guard path != "-" else { return }
        let temporary = path + ".partial-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            throw BatchError(.exportWrite, "cannot write the export to \(path): \(reason); nothing was read")
        }
        close(fd)
        unlink(temporary)
    }
}
