import Foundation

/// Who holds a lease, written into the row as `host:pid:token:worker`.
///
/// The host and pid let a new run on the same machine see that an earlier process died
/// (kill -9, power cut) and take its inputs back at once instead of waiting for the leases to
/// expire. Parsing is pure; ``isAbandoned(onHost:ownPid:ownToken:processExists:)`` is given the
/// process check.
public struct LeaseOwner: Sendable, Hashable, CustomStringConvertible {
    public var host: String
    public var pid: Int32
    /// Random per process run, so that a reused pid is not mistaken for the same run.
    public var token: String
    public var worker: Int

    public init(host: String, pid: Int32, token: String, worker: Int) {
        self.host = host
        self.pid = pid
        self.token = token
        self.worker = worker
    }

    /// Parses `host:pid:token:worker`; nil for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 4, let pid = Int32(parts[1]), let worker = Int(parts[3]) else { return nil }
        self.init(host: String(parts[0]), pid: pid, token: String(parts[2]), worker: worker)
    }

    public var description: String { "\(host):\(pid):\(token):\(worker)" }

    /// Whether this owner is a process on `host` that no longer runs (or a previous run that
    /// had this process's pid). Owners on other hosts are never judged: their leases expire.
    public func isAbandoned(
        onHost host: String, ownPid: Int32, ownToken: String, processExists: (Int32) -> Bool
    ) -> Bool {
        guard self.host == host else { return false }
        if pid == ownPid { return token != ownToken }
        return !processExists(pid)
    }

    /// This machine's host name (no colons).
    public static func currentHost() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "localhost" : name.replacingOccurrences(of: ":", with: "_")
    }

    /// Whether a process with this pid exists on this machine (signal 0 probe).
    public static func processExists(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
