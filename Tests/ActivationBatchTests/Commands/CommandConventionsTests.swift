import ActivationPipeline
import Foundation
import Testing

/// The command-line conventions of issue 28, run as users run the binary: distinct exit
/// statuses, `-` for standard input, usage errors for what does not exist, `--version`, and
/// an example in every `--help`.
@Suite(.serialized) struct CommandConventionsTests {
    static let found = "0001_ios_dial_dark_jpeg85.jpg"

    @Test func imeiExitsZeroFourOneAndSixtyFourForFoundNoneErrorAndUsage() async throws {
        let work = try CommandWorkspace(copying: [(Self.found, "found.jpg"), ("0015_chat_negative_light_png.png", "chat.png")])
        defer { work.remove() }
        let found = try await ActivationProcess.run(["imei", "inputs/found.jpg"], in: work.directory, name: "found")
        #expect(found.status == 0, "\(found.stderr)")
        let none = try await ActivationProcess.run(["imei", "inputs/found.jpg", "inputs/chat.png"], in: work.directory, name: "none")
        #expect(none.status == 4, "every input read, one without an IMEI: \(none.stdout)")
        let missing = try await ActivationProcess.run(
            ["imei", "inputs/found.jpg", "inputs/chat.png", "inputs/nowhere.png"], in: work.directory, name: "missing")
        #expect(missing.status == 1, "a path that cannot be read is an input error: \(missing.stdout)")
        #expect(missing.stdout.contains("4004"))
        let usage = try await ActivationProcess.run(["imei", "--no-such-option", "inputs/found.jpg"], in: work.directory, name: "usage")
        #expect(usage.status == 64)
    }

    @Test func imeiDashReadsOneImageFromStandardInput() async throws {
        let work = try CommandWorkspace(copying: [(Self.found, "found.jpg")])
        defer { work.remove() }
        let run = try await ActivationProcess.run(
            ["imei", "--json", "-"], in: work.directory, name: "stdin", stdin: work.inputs + "/found.jpg")
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["file"] as? String == "-")
        let imeis = try #require(object["imeis"] as? [[String: Any]])
        #expect(imeis.first?["value"] as? String == "019743453294427")
        let empty = try await ActivationProcess.run(["imei", "-"], in: work.directory, name: "empty")
        #expect(empty.status == 1 && empty.stdout.contains("4005"), "nothing piped is an empty image: \(empty.stdout)")
    }

    @Test func annotateKeepsInputsWithTheSameBaseNameApart() async throws {
        let work = try CommandWorkspace(copying: [])
        defer { work.remove() }
        for (folder, name) in [("a", "shot.jpg"), ("b", "shot.png"), ("c", "shot.png")] {
            try FileManager.default.createDirectory(atPath: work.inputs + "/" + folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                atPath: CommandWorkspace.samples + "/" + Self.found, toPath: work.inputs + "/\(folder)/\(name)")
        }
        let out = work.directory + "/annotated"
        let run = try await ActivationProcess.run(
            ["imei", "--annotate", out, "inputs/a/shot.jpg", "inputs/b/shot.png", "inputs/c/shot.png"], in: work.directory, name: "annotate")
        #expect(run.status == 0, "\(run.stderr)")
        let made = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(made == ["b_shot.png.annotated.png", "c_shot.png.annotated.png", "shot.jpg.annotated.png"])
    }

    @Test func batchRunOnAMissingFolderIsAUsageErrorAndStoresNothing() async throws {
        let work = try CommandWorkspace(copying: [])
        defer { work.remove() }
        let run = try await ActivationProcess.run(
            ["batch", "run", "uploads/", "--db", "batch.sqlite", "--quiet"] + ActivationProcess.readerArguments,
            in: work.directory, name: "run")
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("uploads/"))
        #expect(!FileManager.default.fileExists(atPath: work.directory + "/batch.sqlite"), "no row, no file")
    }

    @Test func batchStatusExportAndReportOnAMissingDatabaseAreUsageErrorsAndCreateNothing() async throws {
        let work = try CommandWorkspace(copying: [])
        defer { work.remove() }
        for (name, arguments) in [
            ("status", ["batch", "status", "--db", "typo.sqlite"]),
            ("export", ["batch", "export", "--db", "typo.sqlite", "--out", "out.csv"]),
            ("report", ["batch", "report", "--db", "typo.sqlite", "--out", "r.html"]),
        ] {
            let run = try await ActivationProcess.run(arguments, in: work.directory, name: name)
            #expect(run.status == 64, "\(name): \(run.stderr)")
            #expect(run.stderr.contains("typo.sqlite"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.directory).filter { $0.hasPrefix("typo") }.isEmpty)
    }

    @Test func versionPrintsTheProductVersion() async throws {
        let run = try await ActivationProcess.run(["--version"], in: NSTemporaryDirectory(), name: "version-\(UUID())")
        #expect(run.status == 0)
        #expect(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == ProductVersion.current)
    }

    @Test func everySubcommandsHelpShowsAnExample() async throws {
        let commands: [[String]] = [
            ["imei"], ["batch"], ["batch", "run"], ["batch", "enqueue"], ["batch", "work"], ["batch", "export"],
            ["batch", "status"], ["batch", "report"], ["batch", "review"], ["kyc"], ["validate"], ["device"], ["serve"],
        ]
        for command in commands {
            let run = try await ActivationProcess.run(
                ["help"] + command, in: NSTemporaryDirectory(), name: "help-\(command.joined(separator: "-"))-\(UUID())")
            #expect(run.status == 0, "\(command)")
            let text = Self.words(run.stdout)
            #expect(text.contains("Example") && text.contains("activation " + command.joined(separator: " ")), "\(command): \(run.stdout)")
        }
        let root = try await ActivationProcess.run(["--help"], in: NSTemporaryDirectory(), name: "help-root-\(UUID())")
        let text = Self.words(root.stdout)
        #expect(text.contains("4 no IMEI") && text.contains("64 usage") && text.contains("--generate-completion-script"), "the exit statuses are documented")
        let imei = Self.words(try await ActivationProcess.run(["help", "imei"], in: NSTemporaryDirectory(), name: "help-imei-\(UUID())").stdout)
        #expect(imei.contains("Exits 0 when every file gave an IMEI, 4 when"))
    }

    /// `text` with every run of white space made one space: help text is wrapped to the terminal.
    static func words(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    @Test func completionScriptsAreGenerated() async throws {
        for shell in ["bash", "zsh", "fish"] {
            let run = try await ActivationProcess.run(
                ["--generate-completion-script", shell], in: NSTemporaryDirectory(), name: "completion-\(shell)-\(UUID())")
            #expect(run.status == 0)
            #expect(run.stdout.contains("activation") && run.stdout.contains("batch"), "\(shell)")
        }
    }
}
