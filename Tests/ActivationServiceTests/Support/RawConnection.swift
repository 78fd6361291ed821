import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A plain TCP connection to the service on loopback, for clients that misbehave: half a
/// request head, a body sent a byte at a time, a connection left idle. Real sockets, no mocks.
///
/// Reads block, so they run on a thread of their own, never on the cooperative pool.
final class RawConnection: @unchecked Sendable {
    private let fd: Int32

    /// Connects to 127.0.0.1:`port` from `source` (another loopback address is another client).
    init(port: Int, from source: String = "127.0.0.1") throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RawConnectionError.socket(errno) }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            close(fd)
            throw RawConnectionError.connect(errno)
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            close(fd)
            throw RawConnectionError.connect(errno)
        }
    }

    deinit { close(fd) }

    /// Sends `text` whole; false when the server has closed the connection.
    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { return false }
            sent += n
        }
        return true
    }

    /// What the server sent until it held `marker` (and what came with it), or nil when it did
    /// not within `timeout` or closed the connection first.
    func read(until marker: String, timeout: Duration) async -> String? {
        await receive(timeout: timeout) { text, closed in closed ? .some(nil) : text.contains(marker) ? .some(text) : nil }
    }

    /// Everything the server sends until it closes the connection, or nil when it has not closed
    /// it within `timeout`.
    func readUntilClosed(timeout: Duration) async -> String? {
        await receive(timeout: timeout) { text, closed in closed ? .some(text) : nil }
    }

    /// Reads on a thread of its own until `answer` (given what came so far, and whether the
    /// server has closed the connection) gives the result, or `timeout` passes (nil).
    private func receive(timeout: Duration, answer: @escaping @Sendable (String, Bool) -> String??) async -> String? {
        let fd = self.fd
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var received: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 4096)
                let deadline = ContinuousClock.now + timeout
                while ContinuousClock.now < deadline {
                    var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                    let left = deadline - ContinuousClock.now
                    let ms = Int32(max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
                    guard poll(&poller, 1, ms) > 0 else { continue }
                    let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                    if n > 0 { received += buffer[0..<n] }
                    if let result = answer(String(decoding: received, as: UTF8.self), n <= 0) {
                        continuation.resume(returning: result)
                        return
                    }
                }
                continuation.resume(returning: nil)
            }
        }
    }
}

enum RawConnectionError: Error {
    case socket(Int32)
    case connect(Int32)
}
