@testable import ActivationBatch
@testable import ActivationPipeline
@testable import ActivationReader
@testable import ActivationStorage
import Foundation
import TestSupport
import Testing

/// What only the SQLite job store does (the shared scenarios are ``JobStoreTests``), one
/// fresh file per test.
@Suite struct SQLiteJobStoreTests {
    /// Opens a store in a new temporary file, runs `body`, removes the file.
    static func withStore(_ body: (SQLiteJobStore) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("batch-db-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await body(try SQLiteJobStore(path: directory + "/batch.sqlite"))
    }

    @Test func databaseFileIsPrivateAndInWALMode() async throws {
        try await Self.withStore { store in
            _ = try await store.enqueue([JobInput(path: "/nowhere.png", size: nil, mtimeMs: nil)], retryFailed: false)
            let mode = try FileManager.default.attributesOfItem(atPath: store.path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            let journal = try await store.pool.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
            #expect(journal == "wal")
            for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: store.path + suffix) {
                let mode = try FileManager.default.attributesOfItem(atPath: store.path + suffix)[.posixPermissions] as? Int
                #expect(mode == 0o600, "\(suffix)")
            }
        }
    }

    @Test func twoStoresOnOneFileShareTheQueue() async throws {
        try await Self.withStore { store in
            let other = try SQLiteJobStore(path: store.path)
            _ = try await store.enqueue(
                (0..<4).map { JobInput(path: "/x/\($0).png", size: nil, mtimeMs: nil) }, retryFailed: false)
            let a = try #require(try await store.claim(owner: "h:1:a:0", lease: .seconds(30), maxAttempts: 3))
            let b = try #require(try await other.claim(owner: "h:2:b:0", lease: .seconds(30), maxAttempts: 3))
            #expect(a.id != b.id)
            #expect(try await other.counts()[.running] == 2)
        }
    }
}
