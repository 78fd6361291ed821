import Foundation

/// Writes every finished row of a store to a file, once, in path order. I/O: pages through
/// the store 500 rows at a time (memory stays bounded) and writes as it goes.
///
/// A file export goes to a temporary file beside the target, created with mode 0600 (results
/// hold full IMEIs), and is renamed over the target only when complete. `-` writes to
/// standard output.
public struct BatchExporter: Sendable {
    public let store: any JobStore

    public init(store: any JobStore) {
        self.store = store
    }

    /// Exports to `path` in `format`; returns how many rows were written.
    /// Also feeds every record to `finder`, for the summary of repeated IMEIs.
    public func export(to path: String, format: BatchExportFormat, finder: inout RepeatedIMEI.Finder) async throws -> Int {
        let toStdout = path == "-"
        let temporary = toStdout ? nil : path + ".partial-\(getpid())"
        let fd: Int32
        if let temporary {
            fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            guard fd >= 0 else {
                throw BatchError(.exportWrite, "cannot create \(temporary): \(String(cString: strerror(errno)))")
            }
        } else {
            fd = STDOUT_FILENO
        }
        var written = 0
        do {
            defer { if temporary != nil { close(fd) } }
            if format == .csv { try Self.write(BatchCSV.header, to: fd, path: path) }
            var after: String?
            while true {
                let page = try await store.records(after: after, limit: 500)
                guard let last = page.last else { break }
                var text = ""
                for record in page {
                    finder.add(record)
                    switch format {
                    case .jsonl: text += try record.jsonLine() + "\n"
                    case .csv: text += BatchCSV.row(record)
                    }
                }
                try Self.write(text, to: fd, path: path)
                written += page.count
                after = last.path
            }
            if temporary != nil && fsync(fd) != 0 {
                throw BatchError(.exportWrite, "cannot flush \(path): \(String(cString: strerror(errno)))")
            }
        } catch {
            if let temporary { unlink(temporary) }
            throw error
        }
        if let temporary, rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw BatchError(.exportWrite, "cannot move the export into place at \(path): \(reason)")
        }
        return written
    }

    /// Reads every finished row only to find repeated IMEIs (no file written).
    public func repeatedIMEIs() async throws -> [RepeatedIMEI] {
        var finder = RepeatedIMEI.Finder()
        var after: String?
        while true {
            let page = try await store.records(after: after, limit: 500)
            guard let last = page.last else { break }
            page.forEach { finder.add($0) }
            after = last.path
        }
        return finder.repeated()
    }

    private static func write(_ text: String, to fd: Int32, path: String) throws {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw BatchError(.exportWrite, "cannot write \(path): \(String(cString: strerror(errno)))")
            }
            bytes = bytes.dropFirst(count)
        }
    }
}
