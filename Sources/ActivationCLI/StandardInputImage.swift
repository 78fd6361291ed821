import ActivationPipeline
import ActivationReader
import Foundation

/// `activation imei -`: the one image piped on standard input.
enum StandardInputImage {
    /// Reads standard input to its end, at most `maxBytes`, as the screenshot named `-`.
    /// Blocks the calling thread until the writer closes the pipe. Nothing piped (a terminal,
    /// an empty pipe) is 4005 like any empty file; more than `maxBytes` is 4005 too; a read
    /// error is 4004.
    static func read(maxBytes: Int) -> Result<Screenshot, OAError> {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(OAError.screenshotFetch.with(detail: "cannot read standard input: \(String(cString: strerror(errno)))"))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            guard bytes.count <= maxBytes else {
                return .failure(OAError.screenshotLoad.with(detail: "standard input holds more than \(maxBytes) bytes"))
            }
        }
        return .success(Screenshot(name: "-", bytes: bytes))
    }
}
