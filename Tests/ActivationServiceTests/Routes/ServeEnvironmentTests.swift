import Foundation
import Testing

/// `activation serve` configured from the environment alone, run as the real binary: every
/// option has its `ACTIVATION_…` variable, in `activation help serve` and in the README's table,
/// and the variables take effect (the body cap, JSON logs, the database file, the port).
@Suite("activation serve from the environment")
struct ServeEnvironmentTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let binary = root.appendingPathComponent(".build/release/activation").path

    /// Every option of `serve`, by its long name.
    static let options = [
        "host", "port", "workers", "queue", "client-places", "max-body-mb", "max-json-kb", "max-uploads", "max-upload-mb",
        "header-timeout", "body-timeout", "idle-timeout", "max-connections", "timeout", "retry-after", "log-level",
        "log-format", "db", "database-url",
    ]

    /// The variable of `--option`.
    static func variable(_ option: String) -> String { "ACTIVATION_" + option.uppercased().replacingOccurrences(of: "-", with: "_") }

    /// Runs the binary with `arguments` and `environment`, its output in files of `folder`.
    static func start(_ arguments: [String], environment: [String: String], in folder: URL) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("out").path, contents: nil)
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("err").path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: folder.appendingPathComponent("out"))
        process.standardError = try FileHandle(forWritingTo: folder.appendingPathComponent("err"))
        try process.run()
        return process
    }

    @Test("every serve option names its variable in `activation help serve` and in the README's table",
          .enabled(if: FileManager.default.isExecutableFile(atPath: binary)))
    func documented() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-help-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let help = try Self.start(["help", "serve"], environment: [:], in: folder)
        let clock = ContinuousClock(), start = clock.now
        while help.isRunning, clock.now - start < .seconds(60) { try await Task.sleep(for: .milliseconds(50)) }
        let text = try String(contentsOf: folder.appendingPathComponent("out"), encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "  ", with: "")
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        for option in Self.options {
            #expect(text.contains("--\(option)") && text.contains(Self.variable(option)), "help: --\(option)")
            #expect(readme.contains("| `--\(option)`") && readme.contains("`\(Self.variable(option))`"), "README: --\(option)")
        }
    }

    @Test("the variables take effect: port, database file, body cap, JSON logs; a bad value is refused by name",
          .enabled(if: FileManager.default.isExecutableFile(atPath: binary)), .timeLimit(.minutes(2)))
    func takesEffect() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-env-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("flows.sqlite").path
        let server = try Self.start(["serve"], environment: [
            "ACTIVATION_PORT": "0", "ACTIVATION_WORKERS": "1", "ACTIVATION_DB": database, "ACTIVATION_MAX_BODY_MB": "1",
            "ACTIVATION_LOG_FORMAT": "json", "ACTIVATION_HOST": "127.0.0.1",
        ], in: folder)
        defer { server.terminate(); server.waitUntilExit() }
        let clock = ContinuousClock(), start = clock.now
        var port: Int?
        while port == nil, server.isRunning, clock.now - start < .seconds(60) {
            let out = (try? String(contentsOf: folder.appendingPathComponent("out"), encoding: .utf8)) ?? ""
            port = out.split(separator: "\n").first { $0.hasPrefix("listening on http://127.0.0.1:") }
                .flatMap { Int($0.split(separator: ":").last ?? "") }
            if port == nil { try await Task.sleep(for: .milliseconds(100)) }
        }
        let bound = try #require(port, "the server did not say where it listens")
        #expect(FileManager.default.fileExists(atPath: database), "ACTIVATION_DB chose the store")
        let raw = try RawConnection(port: bound)
        raw.send("POST /v1/imei HTTP/1.1\r\nHost: test\r\nContent-Type: image/png\r\nContent-Length: 2000000\r\n\r\n")
        let answer = try #require(await raw.read(until: "\r\n\r\n", timeout: .seconds(30)))
        #expect(answer.hasPrefix("HTTP/1.1 413"), "ACTIVATION_MAX_BODY_MB=1: \(answer)")
        try await Task.sleep(for: .milliseconds(300))
        let lines = try String(contentsOf: folder.appendingPathComponent("err"), encoding: .utf8).split(separator: "\n")
        #expect(!lines.isEmpty)
        for line in lines {
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["level"] is String && object?["message"] is String, "one JSON object a line: \(line)")
        }
        #expect(lines.contains { $0.contains(#""status":"413""#) }, "the access log line, as JSON")

        let bad = try Self.start(["serve"], environment: ["ACTIVATION_PORT": "eighty"], in: folder)
        bad.waitUntilExit()
        #expect(bad.terminationStatus != 0)
        let error = try String(contentsOf: folder.appendingPathComponent("err"), encoding: .utf8)
        #expect(error.contains("ACTIVATION_PORT must be an integer"), "\(error)")
    }
}
