public import ActivationPipeline
import Crypto
import Foundation

/// One screenshot file held in memory: the name results give it, its bytes and their SHA-256
/// (lowercase hex), hashed once when it is made. Sendable value.
public struct Screenshot: Sendable {
    /// The input's name as the caller gave it (a path, an upload's file name).
    public let name: String
    public let bytes: [UInt8]
    /// SHA-256 of `bytes`, lowercase hex: finds the same file uploaded or listed again.
    public let sha256: String

    /// `bytes` under `name`, hashed.
    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
        sha256 = Hex.lowercase(SHA256.hash(data: bytes))
    }

    /// Reads and hashes the whole regular file at `path`, with a size cap, mapping failures to
    /// the SDK's codes: a missing, unreadable or non-regular path is 4004, a file over
    /// `maxBytes` 4005. Blocks the calling thread on disk I/O and holds one file in memory.
    /// The file is checked through its open descriptor (no race with a rename) and opened
    /// non-blocking, so a FIFO cannot hang a worker.
    public static func load(path: String, maxBytes: Int) -> Result<Screenshot, OAError> {
        func fetchError(_ what: String) -> OAError {
            OAError.screenshotFetch.with(detail: "\(what): \(String(cString: strerror(errno)))")
        }
        let fd = FileSystemName.withCString(path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
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
        return .success(Screenshot(name: path, bytes: bytes))
    }
}
