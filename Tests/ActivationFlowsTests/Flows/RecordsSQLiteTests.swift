@testable import ActivationFlows
@testable import ActivationPipeline
@testable import ActivationReader
@testable import ActivationStorage
import Foundation
import GRDB
import TestSupport
import Testing

/// What only the SQLite flow store does (the shared scenarios are ``FlowStoreTests``), one
/// fresh file per test.
@Suite struct RecordsSQLiteTests {
    /// Runs `body` with the path of a new file in a new temporary folder, then removes both.
    static func withPath(_ body: (String) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flows-db-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await body(directory + "/flows.sqlite")
    }

    @Test func databaseFileIsPrivateAndInWALMode() async throws {
        try await Self.withPath { path in
            let store = try SQLiteFlowStore(path: path)
            _ = try await ActivationFlows(store: store).create(token: "token-1")
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            let journal = try await store.pool.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
            #expect(journal == "wal")
            for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
                let mode = try FileManager.default.attributesOfItem(atPath: path + suffix)[.posixPermissions] as? Int
                #expect(mode == 0o600, "\(suffix)")
            }
            let indexes = try await store.pool.read { db in
                try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'activations' AND sql IS NOT NULL")
            }
            #expect(Set(indexes) == ["activations_imei", "activations_imei2", "activations_screenshot_sha256"])
            try store.close()
        }
    }

    @Test func twoStoresOnOneFileSeeEachOthersWrites() async throws {
        try await Self.withPath { path in
            let first = try SQLiteFlowStore(path: path)
            let second = try SQLiteFlowStore(path: path)
            let view = try await ActivationFlows(store: first).create(token: "token-1")
            #expect(try await ActivationFlows(store: second).get(id: view.id) == view)
            try first.close()
            try second.close()
        }
    }

    @Test func unreadableRowsAreStoreCorrupt() async throws {
        try await Self.withPath { path in
            let store = try SQLiteFlowStore(path: path)
            let flows = ActivationFlows(store: store)
            let view = try await flows.create(token: "token-1")
            try await store.pool.write { db in try db.execute(sql: "UPDATE activations SET machine = '{'") }
            #expect(await RecordsFixtures.failure { try await flows.get(id: view.id) }?.code == .storeCorrupt)
            try store.close()
        }
    }
}
