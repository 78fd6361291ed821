import ActivationPipeline
import Crypto
import Foundation
import IMEIReader

/// One input's bytes and content hash, read by a worker just before it is needed.
struct LoadedFile: Sendable {
    var bytes: [UInt8]
    /// SHA-256 of `bytes`, lowercase hex.
    var sha256: String

    /// Reads the whole regular file at `path` (``FileLoader``, the reader's own) and hashes it.
    /// Blocks the calling thread (a worker's own); holds one file in memory.
    static func load(path: String, maxBytes: Int) -> Result<LoadedFile, OAError> {
        FileLoader.load(path, maxBytes: maxBytes).map { LoadedFile(bytes: $0, sha256: Hex.lowercase(SHA256.hash(data: $0))) }
    }

}
