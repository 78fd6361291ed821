@testable import ActivationStorage
import Foundation
import Testing

/// Files that hold full IMEIs are written whole, 0600, and never through a planted name.
@Suite struct AtomicFileTests {
    /// A fresh folder, removed by the caller.
    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "atomic-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    @Test func theTemporaryFileIsUnpredictablePrivateAndGoneAfterCommit() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let target = dir + "/out.jsonl"
        let a = try AtomicFile(creating: target), b = try AtomicFile(creating: target)
        #expect(a.temporaryPath != b.temporaryPath)
        #expect(a.temporaryPath.hasPrefix(dir + "/.out.jsonl.partial-\(getpid())-"))
        #expect(Self.mode(a.temporaryPath) == 0o600)
        try a.write("one\n")
        try a.commit()
        b.discard()
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "one\n")
        #expect(Self.mode(target) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["out.jsonl"])
    }

    @Test func aPlantedWorldWritableTargetOrSymlinkIsReplacedNotWrittenThrough() throws {
        let dir = try Self.folder(), other = try Self.folder()
        defer {
            try? FileManager.default.removeItem(atPath: dir)
            try? FileManager.default.removeItem(atPath: other)
        }
        // Someone else's file, and a symlink to it where the export goes.
        let victim = other + "/victim.txt"
        try "theirs".write(toFile: victim, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/out.csv", withDestinationPath: victim)
        try AtomicFile.write(Array("ours".utf8), to: dir + "/out.csv")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "theirs")
        #expect(Self.mode(dir + "/out.csv") == 0o600)
        // A 0666 file planted at the target ends as our own 0600 file.
        let planted = dir + "/planted.jsonl"
        #expect(FileManager.default.createFile(atPath: planted, contents: Data("x".utf8), attributes: [.posixPermissions: 0o666]))
        chmod(planted, 0o666)
        try AtomicFile.write(Array("ours".utf8), to: planted)
        #expect(Self.mode(planted) == 0o600)
    }

    @Test func aDroppedFileIsRemovedAndTheTargetKept() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "before".write(toFile: dir + "/r.html", atomically: false, encoding: .utf8)
        var temporary = ""
        do {
            let file = try AtomicFile(creating: dir + "/r.html")
            temporary = file.temporaryPath
            try file.write("half")
        }
        #expect(!FileManager.default.fileExists(atPath: temporary))
        #expect(try String(contentsOfFile: dir + "/r.html", encoding: .utf8) == "before")
    }

    @Test func staleTemporaryFilesOfDeadProcessesGoButNotSymlinksOrTheLiving() throws {
        let dir = try Self.folder(), other = try Self.folder()
        defer {
            try? FileManager.default.removeItem(atPath: dir)
            try? FileManager.default.removeItem(atPath: other)
        }
        // A process that is surely gone: one that ran and was waited for.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        child.waitUntilExit()
        let dead = child.processIdentifier
        let stale = dir + "/.out.jsonl.partial-\(dead)-abcdefabcdef"
        #expect(FileManager.default.createFile(atPath: stale, contents: Data("full IMEIs".utf8)))
        let aliveOwn = dir + "/.out.jsonl.partial-1-abcdefabcdef"  // pid 1 lives
        #expect(FileManager.default.createFile(atPath: aliveOwn, contents: Data()))
        let victim = other + "/victim.txt"
        try "theirs".write(toFile: victim, atomically: false, encoding: .utf8)
        let link = dir + "/.out.jsonl.partial-\(dead)-zzzzzzzzzzzz"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: victim)
        try AtomicFile.write(Array("new".utf8), to: dir + "/out.jsonl")
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: aliveOwn))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == victim)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "theirs")
    }

    @Test func aFolderThatCannotBeWrittenIsAFileWriteError() throws {
        #expect(throws: AtomicFileError.self) { try AtomicFile(creating: "/proc/no-such-place/out.jsonl") }
        do {
            _ = try AtomicFile(creating: "/proc/no-such-place/out.jsonl")
        } catch {
            #expect(error.code == .write)
        }
    }

    @Test func removeAllDeletesEveryListedTemporaryFile() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = try AtomicFile(creating: dir + "/x.csv")
        try file.write("a,b\n")
        #expect(FileManager.default.fileExists(atPath: file.temporaryPath))
        // Only this test's folder: the table is the process's, and other tests write files now.
        TemporaryFiles.shared.removeAll { $0.hasPrefix(dir + "/") }
        #expect(!FileManager.default.fileExists(atPath: file.temporaryPath))
        file.discard()
    }
}
