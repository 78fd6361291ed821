import Foundation

/// Another process (the `sqlite3` shell) holding a SQLite file's write lock: `BEGIN EXCLUSIVE`
/// taken before ``init(path:)`` returns, kept until ``release()``. Blocks the calling thread
/// while the shell starts and takes the lock.
final class SQLiteLock {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    /// Whether a `sqlite3` shell is there to hold a lock.
    static var available: Bool { FileManager.default.isExecutableFile(atPath: shell) }

    private static let shell = "/usr/bin/sqlite3"

    /// Starts the shell on `path` and waits until it holds the lock.
    init(path: String) throws {
        process.executableURL = URL(fileURLWithPath: Self.shell)
        process.arguments = [path]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data("BEGIN EXCLUSIVE;\nSELECT 'locked';\n".utf8))
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("locked") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { throw CocoaError(.fileReadUnknown) }
            seen.append(chunk)
        }
    }

    /// Rolls back and ends the shell; blocks until it exits.
    func release() {
        guard process.isRunning else { return }
        input.fileHandleForWriting.write(Data("ROLLBACK;\n.quit\n".utf8))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }
}
