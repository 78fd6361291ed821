import Crypto
import Foundation

/// One input's bytes and content hash, read by a worker just before it is needed.
struct LoadedFile: Sendable {
    var bytes: [UInt8]
    /// SHA-256 of `bytes`, lowercase hex.
    var sha256: String

    /// Reads the whole regular file at `path` and hashes it. Blocks the calling thread (a
    /// worker's own); holds one file in memory. A missing, unreadable or non-regular path gives
    /// 4004, like the reader's own `read(path:)`; a file over `maxBytes` gives 4005.
    static func load(path: String, maxBytes: Int) -> Result<LoadedFile, OAError> {
        func fetchError(_ what: String) -> OAError {
            OAError.screenshotFetch.with(detail: "\(what): \(String(cString: strerror(errno)))")
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return .failure(fetchError("cannot open")) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(fetchError("cannot stat")) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            let what = (info.st_mode & S_IFMT) == S_IFDIR ? "is a directory" : "is not a regular file"
            return .failure(OAError.screenshotFetch.with(detail: what))
        }
        let tooLarge = OAError.screenshotLoad.with(detail: "larger than \(maxBytes) bytes")
        guard Int(info.st_size) <= maxBytes else { return .failure(tooLarge) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return .failure(fetchError("cannot read"))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            guard bytes.count <= maxBytes else { return .failure(tooLarge) }
        }
        return .success(LoadedFile(bytes: bytes, sha256: hex(SHA256.hash(data: bytes))))
    }

    /// Lowercase hex of a digest.
    static func hex(_ digest: SHA256.Digest) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for byte in digest {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
