import Foundation
import TestSupport

/// Stops and starts the throwaway server that `scripts/with-postgres.sh` runs, to test what a
/// restart does. Finds its data folder by the port of `ACTIVATION_TEST_POSTGRES_URL` among the
/// script's clusters (`$TMPDIR/activation-pg.*/data`), and runs `pg_ctl` as the script does (as
/// the `postgres` user when root). Blocks the calling thread while `pg_ctl` runs.
enum TestPostgresServer {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Fast shutdown (clients get 57P01 and their connections close), waiting until it is down.
    static func stop() throws {
        try pgCtl(["-D", try dataDirectory(), "-m", "fast", "-w", "-t", "30", "stop"])
    }

    /// Starts it again with its earlier options (`restart` reads them from `postmaster.opts`),
    /// waiting until it accepts connections.
    static func start() throws {
        let data = try dataDirectory()
        let log = (data as NSString).deletingLastPathComponent + "/server.log"
        try pgCtl(["-D", data, "-l", log, "-w", "-t", "30", "restart"])
    }

    private static func dataDirectory() throws -> String {
        guard let base = TestPostgres.baseURL, let port = URLComponents(string: base)?.port else {
            throw Failure(description: "no ACTIVATION_TEST_POSTGRES_URL with a port")
        }
        let tmp = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        let clusters = (try? FileManager.default.contentsOfDirectory(atPath: tmp)) ?? []
        for name in clusters where name.hasPrefix("activation-pg.") {
            let data = tmp + "/" + name + "/data"
            // postmaster.opts stays after a stop; its command line names the port.
            guard let opts = try? String(contentsOfFile: data + "/postmaster.opts", encoding: .utf8) else { continue }
            if opts.contains("\"-p\" \"\(port)\"") || opts.contains("-p \(port) ") { return data }
        }
        throw Failure(description: "no with-postgres.sh cluster on port \(port) in \(tmp)")
    }

    private static func pgCtl(_ arguments: [String]) throws {
        let bin = ProcessInfo.processInfo.environment["PG_BIN"]
            ?? ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? [])
            .sorted { $0.compare($1, options: .numeric) == .orderedAscending }.last.map { "/usr/lib/postgresql/\($0)/bin" }
        guard let bin else { throw Failure(description: "no PostgreSQL binaries (set PG_BIN)") }
        let (path, rest) =
            getuid() == 0
            ? ("/usr/sbin/runuser", ["-u", ProcessInfo.processInfo.environment["PG_OS_USER"] ?? "postgres", "--", bin + "/pg_ctl"])
            : (bin + "/pg_ctl", [])
        // posix_spawn and waitpid: Foundation's Process can miss the exit when waited on from a task.
        let argv = ([path] + rest + arguments).map { strdup($0) } + [nil]
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
            throw Failure(description: "pg_ctl \(arguments.last ?? "") exited with status \(status)")
        }
    }
}
