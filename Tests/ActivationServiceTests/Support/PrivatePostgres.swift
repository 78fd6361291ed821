import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A PostgreSQL cluster of one test's own, which it may stop and start again without touching
/// the server the other suites share (`scripts/with-postgres.sh`'s): `initdb` into a temporary
/// folder, the server on 127.0.0.1 at a free port, trust authentication, no fsync.
///
/// As root the server runs as the `postgres` user (`PG_OS_USER`), as with-postgres.sh does.
/// Every call blocks its thread while `pg_ctl` runs (a second or two), so tests call it from
/// a thread of their own (``background(_:)``). Available where the server's binaries are.
final class PrivatePostgres: Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let folder: String
    let port: Int
    /// `postgres://activation@127.0.0.1:PORT/postgres`.
    var url: String { "postgres://activation@127.0.0.1:\(port)/postgres" }

    /// The server's binaries (``PostgresServerTool/binaries``).
    static var binaries: String? { PostgresServerTool.binaries }

    /// Whether a cluster can be made here.
    static var available: Bool {
        binaries.map { FileManager.default.isExecutableFile(atPath: $0 + "/initdb") } ?? false
    }

    /// Makes the cluster (not started).
    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("activation-ready-pg-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder + "/socket", withIntermediateDirectories: true)
        port = try Self.freePort()
        if getuid() == 0 { try PostgresServerTool.exec("/bin/chown", ["-R", PostgresServerTool.serverUser, folder]) }
        try Self.server("initdb", ["-D", folder + "/data", "-U", "activation", "--auth=trust", "-E", "UTF8", "--no-sync"])
    }

    /// Starts the server and waits until it accepts connections.
    func start() throws {
        let options = "-c listen_addresses=127.0.0.1 -p \(port) -k \(folder)/socket -c fsync=off -c synchronous_commit=off"
        try Self.server("pg_ctl", ["-D", folder + "/data", "-l", folder + "/server.log", "-w", "-t", "60", "-o", options, "start"])
    }

    /// Stops the server (fast: sessions are ended) and waits until it is down.
    func stop() throws {
        try Self.server("pg_ctl", ["-D", folder + "/data", "-m", "fast", "-w", "-t", "60", "stop"])
    }

    /// Stops the server if it runs and removes the folder.
    func remove() {
        if FileManager.default.fileExists(atPath: folder + "/data/postmaster.pid") {
            try? Self.server("pg_ctl", ["-D", folder + "/data", "-m", "immediate", "-w", "stop"])
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Runs `work` on a thread of its own and suspends until it is done.
    static func background<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }

    /// Runs one of the server's programs (``PostgresServerTool``).
    private static func server(_ program: String, _ arguments: [String]) throws {
        try PostgresServerTool.run(program, arguments)
    }

    /// A TCP port on 127.0.0.1 that nothing listens on now.
    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(errno)") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw Failure(description: "bind: \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
