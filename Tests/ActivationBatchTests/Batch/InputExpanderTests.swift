@testable import ActivationBatch
@testable import ActivationPipeline
@testable import ActivationReader
@testable import ActivationStorage
import Foundation
import TestSupport
import Testing

/// Turning INPUT arguments into files: directories, @lists, stdin, plain files.
@Suite struct InputExpanderTests {
    @Test func walksDirectoriesListsAndStdinAndKeepsEachPathOnce() throws {
        let fixture = try BatchFixture.make(corpusImages: 0, synthetic: 3)
        defer { fixture.remove() }
        let list = fixture.root + "/list.txt"
        let listed = [fixture.root + "/synthetic-0.png", "", "  nested/deeper/synthetic-1.png  ", fixture.missing]
        try listed.joined(separator: "\n").write(toFile: list, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: fixture.root + "/loop", withDestinationPath: fixture.root)
        try FileManager.default.createSymbolicLink(
            atPath: fixture.root + "/link.png", withDestinationPath: fixture.root + "/synthetic-0.png")

        let expander = InputExpander(currentDirectory: fixture.root) { fixture.root + "/synthetic-2.png\n" }
        let expansion = expander.expand(["@list.txt", "-", ".", "./synthetic-0.png", "notes.txt"])
        let paths = expansion.files.map(\.path)
        #expect(Array(paths.prefix(4)) == [
            fixture.root + "/synthetic-0.png", fixture.root + "/nested/deeper/synthetic-1.png", fixture.missing,
            fixture.root + "/synthetic-2.png",
        ])
        #expect(Set(paths) == Set(fixture.inputs + [fixture.root + "/link.png", fixture.root + "/notes.txt"]))
        #expect(paths.count == Set(paths).count)
        #expect(expansion.problems.isEmpty)
        #expect(expansion.files.first { $0.path == fixture.missing }?.size == nil)
        let synthetic = try #require(expansion.files.first { $0.path == fixture.root + "/synthetic-0.png" })
        #expect(synthetic.size == (try FileManager.default.attributesOfItem(atPath: synthetic.path)[.size] as? Int))
    }

    @Test func unreadableListsAreReported() {
        let expander = InputExpander(currentDirectory: "/") { nil }
        let expansion = expander.expand(["@/nonexistent/list.txt", "-"])
        #expect(expansion.files.isEmpty)
        #expect(expansion.problems.count == 2)
    }

    @Test(.enabled(if: getuid() != 0, "root reads any directory"))
    func unreadableDirectoriesAreReportedAndTheRestKept() throws {
        let fixture = try BatchFixture.make(corpusImages: 0, synthetic: 3)
        defer {
            chmod(fixture.root + "/nested", 0o755)
            fixture.remove()
        }
        chmod(fixture.root + "/nested", 0o000)
        let expansion = BatchTestSupport.expand([fixture.root])
        #expect(expansion.problems == ["cannot read directory \(fixture.root)/nested"])
        #expect(expansion.files.contains { $0.path == fixture.root + "/synthetic-0.png" })
    }

    @Test func pathsAreMadeAbsoluteLexically() {
        let expander = InputExpander(currentDirectory: "/work/here") { nil }
        #expect(expander.absolute("a/./b/../c.png") == "/work/here/a/c.png")
        #expect(expander.absolute("../../../x.png") == "/x.png")
        #expect(expander.absolute("/abs//y.png") == "/abs/y.png")
    }
}

/// Uploads stored by hash have no extension: a folder walk takes them by content.
@Suite struct InputExpanderSniffingTests {
    @Test func filesWithoutAnExtensionAreTakenWhenTheirContentIsAnImage() throws {
        let root = NSTemporaryDirectory() + "sniff-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 24)
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0, count: 24)
        #expect(FileManager.default.createFile(atPath: root + "/3f2a9c", contents: Data(png)))
        #expect(FileManager.default.createFile(atPath: root + "/b71e04", contents: Data(jpeg)))
        #expect(FileManager.default.createFile(atPath: root + "/README", contents: Data("not an image".utf8)))
        #expect(FileManager.default.createFile(atPath: root + "/doc", contents: Data("%PDF-1.4".utf8)))
        #expect(FileManager.default.createFile(atPath: root + "/notes.txt", contents: Data([0x89, 0x50, 0x4E, 0x47])))
        let expansion = BatchTestSupport.expand([root])
        #expect(expansion.files.map(\.path) == [root + "/3f2a9c", root + "/b71e04"])
        #expect(expansion.skippedNonImages == 3, "README, doc (a PDF) and notes.txt (its extension says text)")
        #expect(expansion.missingArguments.isEmpty)
    }

    @Test func argumentsThatNameNothingAreListedButListEntriesAreNot() throws {
        let root = NSTemporaryDirectory() + "missing-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try (root + "/gone.png\n").write(toFile: root + "/list.txt", atomically: true, encoding: .utf8)
        let expander = InputExpander(currentDirectory: root) { nil }
        let expansion = expander.expand(["uploads/", "@list.txt"])
        #expect(expansion.missingArguments == ["uploads/"])
        #expect(expansion.files.map(\.path).contains(root + "/gone.png"), "a list entry keeps its 4004 row")
    }
}
