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
        FileLoader.load(path, maxBytes: maxBytes).map { LoadedFile(bytes: $0, sha256: hex(SHA256.hash(data: $0))) }
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
