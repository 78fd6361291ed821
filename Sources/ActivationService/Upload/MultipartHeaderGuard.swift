import NIOCore

/// Refuses a multipart body whose part header names hold a byte over 0x7F before MultipartKit's
/// parser sees it: the parser looks such a byte up in a 128-entry table and traps, which took the
/// whole service down with one request (found by the contract run's fuzzing: a part starting
/// with `\xf0…`). Fed the body chunk by chunk, in order, as the parser is.
///
/// Finds each delimiter (`--` + boundary) with a Knuth–Morris–Pratt matcher, skips the rest of
/// its line, then checks every header line up to the colon until the empty line that ends the
/// headers. Not thread-safe: one per body, on the task that reads it.
struct MultipartHeaderGuard {
    private enum State { case body, delimiterLine, headerName, headerValue }

    private let delimiter: [UInt8]
    private let failure: [Int]
    private var matched = 0
    private var state = State.body
    /// The bytes of the current header line so far (0: at its start).
    private var lineLength = 0

    init(boundary: String) {
        delimiter = Array(("--" + boundary).utf8)
        var failure = [Int](repeating: 0, count: delimiter.count)
        var k = 0
        for i in delimiter.indices.dropFirst() {
            while k > 0 && delimiter[i] != delimiter[k] { k = failure[k - 1] }
            if delimiter[i] == delimiter[k] { k += 1 }
            failure[i] = k
        }
        self.failure = failure
    }

    /// False when `chunk` puts a byte over 0x7F in a part's header name.
    mutating func accepts(_ chunk: ByteBuffer) -> Bool {
        chunk.withUnsafeReadableBytes { bytes in
            for byte in bytes where !accepts(byte) { return false }
            return true
        }
    }

    private mutating func accepts(_ byte: UInt8) -> Bool {
        switch state {
        case .body:
            while matched > 0 && byte != delimiter[matched] { matched = failure[matched - 1] }
            if byte == delimiter[matched] { matched += 1 }
            if matched == delimiter.count {
                matched = 0
                state = .delimiterLine
            }
        case .delimiterLine:
            if byte == UInt8(ascii: "\n") {
                state = .headerName
                lineLength = 0
            }
        case .headerName:
            if byte == UInt8(ascii: "\n") {
                // An empty line (CR LF alone) ends the headers.
                state = lineLength <= 1 ? .body : .headerName
                lineLength = 0
                return true
            }
            if byte == UInt8(ascii: ":") {
                state = .headerValue
            } else if byte > 0x7F {
                return false
            }
            lineLength += 1
        case .headerValue:
            if byte == UInt8(ascii: "\n") {
                state = .headerName
                lineLength = 0
            }
        }
        return true
    }
}
