import Foundation
import Testing

/// Names that would drive a terminal or forge a line are quoted in `imei`'s text output and
/// stay exact in its JSON; `kyc` refuses a huge file from its size, unread.
@Suite(.serialized) struct PrintableNamesCommandTests {
    static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("samples/0001_ios_dial_dark_jpeg85.jpg").path

    @Test func controlCharactersInANameNeverReachTheTerminalRaw() async throws {
        let dir = NSTemporaryDirectory() + "names-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let name = "x\u{1B}]0;owned\u{07}\nforged: IMEI 1.jpg"
        try FileManager.default.copyItem(atPath: Self.sample, toPath: dir + "/" + name)
        let text = try await ActivationProcess.run(["imei", name], in: dir, name: "text")
        #expect(text.status == 0)
        #expect(!text.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" })
        #expect(text.stdout.split(separator: "\n").count == 1, "one line per file: \(text.stdout)")
        #expect(text.stdout.hasPrefix(#"$'x\e]0;owned\a\nforged: IMEI 1.jpg': "#))
        let json = try await ActivationProcess.run(["imei", "--json", name], in: dir, name: "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["file"] as? String == name)
    }

    @Test func kycRefusesAOneGibibyteFileFromItsSizeAlone() async throws {
        let dir = NSTemporaryDirectory() + "kyc-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let huge = dir + "/huge.jpg"
        #expect(FileManager.default.createFile(atPath: huge, contents: nil))
        #expect(truncate(huge, 1 << 30) == 0)  // sparse: 1 GiB that takes no disk
        let start = ContinuousClock.now
        let run = try await ActivationProcess.run(["kyc", "--json", "--front", huge], in: dir, name: "kyc")
        // 0.1 s alone; the bound is loose because the suites beside it load every core (a run
        // took 8.5 s to start the process there). Reading and decoding 1 GiB would not fit.
        #expect(ContinuousClock.now - start < .seconds(30))
        #expect(run.stdout.contains("FILE_TOO_LARGE"), "\(run.stdout)")
    }

    @Test func aNameThatIsNotUTF8IsReadByImeiAndByABatchWalk() async throws {
        let dir = NSTemporaryDirectory() + "latin1-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir + "/in", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // "café.png" in Latin-1, as an old zip or an SMB share leaves it.
        let bytes: [CChar] = Array((dir + "/in/caf").utf8CString.dropLast()) + [CChar(bitPattern: 0xE9)] + Array(".jpg".utf8CString)
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.sample))
        let fd = open(bytes, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        #expect(fd >= 0)
        _ = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        let binary = try #require(ActivationProcess.binary)
        // The shell hands the name's own bytes to the command line; without OMP_THREAD_LIMIT the
        // command re-executes itself, which must hand them on as they are.
        let imei = try await ActivationProcess.run(
            ["-c", #"exec env -u OMP_THREAD_LIMIT "$0" imei --json "$(printf 'in/caf\351.jpg')""#, binary], in: dir, name: "imei",
            executable: "/bin/sh")
        #expect(imei.stdout.contains(#""imeis":[{"#), "\(imei.stdout) \(imei.stderr)")
        let walk = try await ActivationProcess.run(["batch", "run", "in", "--db", "b.sqlite", "--out", "o.jsonl", "--quiet"], in: dir, name: "walk")
        #expect(walk.status == 0, "\(walk.stderr)")
        let exported = try String(contentsOfFile: dir + "/o.jsonl", encoding: .utf8)
        #expect(exported.contains(#""imeis":[{"#), "\(exported)")
    }
}
