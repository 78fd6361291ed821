import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs the PostgreSQL server's own programs (`initdb`, `pg_ctl`) for tests that make, stop or
/// restart a server: from `PG_BIN`, else the newest `/usr/lib/postgresql/*/bin`, as the server's
/// user (`PG_OS_USER`, default `postgres`) when root, as `scripts/with-postgres.sh` does.
/// Blocks the calling thread until the program exits.
public enum PostgresServerTool {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The server's binaries folder, if there is one.
    public static let binaries: String? = ProcessInfo.processInfo.environment["PG_BIN"]
        ?? ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? [])
        .sorted { $0.compare($1, options: .numeric) == .orderedAscending }.last.map { "/usr/lib/postgresql/\($0)/bin" }

    /// The user the server runs as when the tests run as root.
    public static var serverUser: String { ProcessInfo.processInfo.environment["PG_OS_USER"] ?? "postgres" }

    /// Runs the server's `program` with `arguments` (as ``serverUser`` when root) and waits for it.
    public static func run(_ program: String, _ arguments: [String]) throws {
        guard let bin = binaries else { throw Failure(description: "no PostgreSQL binaries (set PG_BIN)") }
        if getuid() == 0 {
            try exec("/usr/sbin/runuser", ["-u", serverUser, "--", bin + "/" + program] + arguments)
        } else {
            try exec(bin + "/" + program, arguments)
        }
    }

    /// Runs `path` with `arguments` and waits for it; throws unless it exits 0. posix_spawn and
    /// waitpid, since Foundation's Process can miss the exit of a program that leaves a daemon
    /// behind (`pg_ctl start`), or when waited on from a task.
    public static func exec(_ path: String, _ arguments: [String]) throws {
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for arg in argv { free(arg) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw Failure(description: "cannot run \(path): errno \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else {
            throw Failure(description: "\(path) \(arguments.joined(separator: " ")) exited with status \(status)")
        }
    }
}
