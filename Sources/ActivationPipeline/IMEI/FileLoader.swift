import Foundation

/// Reads a whole file into memory with a size cap, mapping failures to the SDK's codes:
/// a missing, unreadable or non-regular path is 4004, an oversized file 4005.
/// Blocks the calling thread on disk I/O.
enum FileLoader {
    static func load(_ path: String, maxBytes: Int) -> Result<[UInt8], OAError> {
        var st = stat()
        guard stat(path, &st) == 0 else {
            return .failure(OAError.screenshotFetch.with(detail: "cannot open: \(String(cString: strerror(errno)))"))
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            return .failure(OAError.screenshotFetch.with(detail: "not a regular file"))
        }
        guard st.st_size <= maxBytes else {
            return .failure(OAError.screenshotLoad.with(detail: "file of \(st.st_size) bytes is over the \(maxBytes)-byte limit"))
        }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            return .failure(OAError.screenshotFetch.with(detail: "cannot open: \(String(cString: strerror(errno)))"))
        }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: Int(st.st_size))
        var filled = 0
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return read(fd, base + filled, buffer.count - filled)
            }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            filled += n
        }
        if filled < bytes.count { bytes.removeSubrange(filled...) }
        return .success(bytes)
    }
}
