import Foundation
import Testing

/// The built `activation` binary, run as a subprocess the way users run it.
/// Found beside the test bundle (`swift test` builds it), or at `$ACTIVATION_BIN`.
struct ActivationProcess {
    let process: Process
    let stdoutPath: String
    let stderrPath: String

    /// The binary, if it was built.
    static let binary: String? = {
        if let path = ProcessInfo.processInfo.environment["ACTIVATION_BIN"] { return path }
        let testBinary = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [
            testBinary.appendingPathComponent("activation"),
            testBinary.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("activation"),  // inside an .xctest bundle
            repo.appendingPathComponent(".build/release/activation"),
        ]
        return candidates.map(\.path).first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// The reader arguments every batch subprocess gets: the tests' reader.
    static var readerArguments: [String] { ["--reader", TestReader.kind.rawValue] }

    /// Starts `activation ARGUMENTS…` (or `executable ARGUMENTS…`) with its output going to
    /// files in `directory`, and its standard input read from the file `stdin` (else empty); the
    /// environment is the test run's, less the variables named in `without`.
    static func launch(
        _ arguments: [String], in directory: String, name: String, executable: String? = nil, stdin: String? = nil,
        without: Set<String> = []
    ) throws -> ActivationProcess {
        let binary = try #require(binary, "build the activation binary first (swift build), or set ACTIVATION_BIN")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable ?? binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        if !without.isEmpty { process.environment = ProcessInfo.processInfo.environment.filter { !without.contains($0.key) } }
        let stdoutPath = directory + "/\(name).out"
        let stderrPath = directory + "/\(name).err"
        for path in [stdoutPath, stderrPath] {
            guard FileManager.default.createFile(atPath: path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        }
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: stdoutPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
        process.standardInput = try stdin.map { try FileHandle(forReadingFrom: URL(fileURLWithPath: $0)) } ?? FileHandle.nullDevice
        try process.run()
        return ActivationProcess(process: process, stdoutPath: stdoutPath, stderrPath: stderrPath)
    }

    /// Runs `activation ARGUMENTS…` to the end; returns its exit status and output.
    static func run(
        _ arguments: [String], in directory: String, name: String, executable: String? = nil, stdin: String? = nil,
        timeout: Duration = .seconds(90), without: Set<String> = []
    ) async throws -> (status: Int32, stdout: String, stderr: String) {
        let running = try launch(arguments, in: directory, name: name, executable: executable, stdin: stdin, without: without)
        let status = try await running.wait(timeout: timeout)
        return (status, running.stdout, running.stderr)
    }

    /// Waits (without blocking a thread) for the process to end; kills it and fails after `timeout`.
    func wait(timeout: Duration = .seconds(90)) async throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            if ContinuousClock.now > deadline {
                process.terminate()
                Issue.record("activation \(process.arguments ?? []) did not finish in \(timeout); stderr: \(stderr)")
                throw CancellationError()
            }
            try await Task.sleep(for: .milliseconds(25))
        }
        return process.terminationStatus
    }

    func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    var stdout: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }
}
