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
        try PostgresServerTool.run("pg_ctl", arguments)
    }
}
