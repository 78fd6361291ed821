import Foundation
import Testing

/// Every subcommand's `--help` against its committed golden file, as swift-argument-parser's own
/// examples test theirs (`MathExampleTests`): a change to an option, an abstract or an example
/// shows up here and in review. The goldens live in `HelpGoldens/`, one per command
/// (`activation-batch-run.txt`); `scripts/update-help-goldens.sh` (or
/// `ACTIVATION_UPDATE_HELP_GOLDENS=1`) writes them again from the built binary.
@Suite struct HelpGoldenTests {
    /// The golden files' folder, in the source tree.
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("HelpGoldens")
    /// Whether this run writes the goldens instead of comparing with them.
    static let updating = ProcessInfo.processInfo.environment["ACTIVATION_UPDATE_HELP_GOLDENS"] == "1"

    /// `activation COMMAND… --help` as a user sees it in a pipe: 80 columns whatever `COLUMNS` the
    /// test run inherited (swift-argument-parser wraps to it), and the one default that depends on
    /// the machine (`--workers`: the number of cores, wherever it is offered) written as `<cores>`.
    static func help(_ command: [String], in directory: String) async throws -> String {
        let run = try await ActivationProcess.run(
            command + ["--help"], in: directory, name: "help", timeout: .seconds(30), without: ["COLUMNS", "LINES"])
        #expect(run.status == 0, "\(command) --help: \(run.stderr)")
        let cores = ProcessInfo.processInfo.activeProcessorCount
        return run.stdout.replacingOccurrences(of: "number of cores). (default: \(cores))", with: "number of cores). (default: <cores>)")
    }

    /// The subcommands a help text lists under `SUBCOMMANDS:` (the first word of each entry).
    static func subcommands(in help: String) -> [String] {
        guard let start = help.range(of: "SUBCOMMANDS:\n") else { return [] }
        return help[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { !$0.isEmpty }
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
            .filter { $0 != "help" }
    }

    @Test func everySubcommandsHelpMatchesItsGolden() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("help-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        if Self.updating { try FileManager.default.createDirectory(at: Self.goldens, withIntermediateDirectories: true) }

        // Walk the command tree from the root, as `--help` lists it.
        var pending: [[String]] = [[]], seen: [String] = []
        while let command = pending.first {
            pending.removeFirst()
            let text = try await Self.help(command, in: scratch)
            let name = (["activation"] + command).joined(separator: "-") + ".txt"
            seen.append(name)
            // A doubled escape in a Swift string shows as a literal interpolation or a line
            // ending in a backslash; a golden written from it would keep the flaw.
            #expect(!text.contains("\\("), "\(name) prints an interpolation unevaluated")
            #expect(!text.split(separator: "\n").contains { $0.hasSuffix("\\") }, "\(name) prints a line continuation")
            let golden = Self.goldens.appendingPathComponent(name)
            if Self.updating {
                try text.write(to: golden, atomically: true, encoding: .utf8)
            } else {
                let expected = try? String(contentsOf: golden, encoding: .utf8)
                #expect(expected != nil, "no golden for \(name): run scripts/update-help-goldens.sh")
                if let expected { #expect(text == expected, "\(name) differs from its golden; if meant, run scripts/update-help-goldens.sh") }
            }
            pending += Self.subcommands(in: text).map { command + [$0] }
        }
        #expect(seen.count > 10, "the whole tree was walked: \(seen)")
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.goldens.path).filter { $0.hasSuffix(".txt") }
        #expect(Set(files) == Set(seen), "a golden for each command and none for a command that is gone")
    }

    @Test func theSubcommandListIsReadFromHelp() {
        let text = "USAGE: x\n\nSUBCOMMANDS:\n  run                     Runs.\n  status                  Says.\n                          more\n\n  See 'x help'.\n"
        #expect(Self.subcommands(in: text) == ["run", "status"])
    }
}
