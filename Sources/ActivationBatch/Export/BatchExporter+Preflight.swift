import ActivationStorage

extension BatchExporter {
    /// Checks, before any input is read, that an export to `path` can be created: creates its
    /// temporary file, as ``export(to:format:finder:)`` will, and removes it again.
    /// `-` (standard output) always passes. Throws `BATCH_EXPORT_WRITE` naming `path` and the
    /// system's reason. Blocks for a few system calls.
    public static func checkWritable(_ path: String) throws(BatchError) {
        guard path != "-" else { return }
        do {
            try AtomicFile(creating: path).discard()
        } catch {
            throw BatchError(.exportWrite, "cannot write the export to \(path): \(error.message); nothing was read")
        }
    }
}
