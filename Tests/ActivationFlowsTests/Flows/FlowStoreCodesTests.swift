@testable import ActivationFlows
import ActivationPipeline
@testable import ActivationStorage
import Foundation
import TestSupport
import Testing

/// The flows' store codes, made from their prefix the one ``StoreOwner`` way, and the test
/// backends the shared scenarios run over.
@Suite struct FlowStoreCodesTests {
    @Test func storeCodesKeepTheirNames() {
        #expect([FlowError.Code.storeOpen, .storeQuery, .storeCorrupt].map(\.name) == ["FLOW_STORE_OPEN", "FLOW_STORE_QUERY", "FLOW_STORE_CORRUPT"])
        #expect(FlowError.Code.store(.corrupt) == .storeCorrupt)
    }

    @Test func unusableURLIsInvalidStoreURL() {
        #expect(FlowError.Code.invalidURL.name == "FLOW_INVALID_STORE_URL")
        #expect { try StoreLocation.flows(db: nil, url: "mysql://h/d") } throws: { ($0 as? FlowError)?.code == .invalidURL }
    }

    @Test func fileAndURLTogetherAreRefused() {
        #expect { try StoreLocation.flows(db: "x.sqlite", url: "postgres://h/d") } throws: { ($0 as? FlowError)?.code == .invalidURL }
    }

    @Test func sqliteIsAlwaysAvailableAndPostgresOnlyWithTheServer() {
        #expect(StoreBackend.available.first == .sqlite)
        #expect(StoreBackend.available.contains(.postgres) == (TestPostgres.baseURL != nil))
        #expect(StoreBackend.available.map(\.description).first == "SQLite")
    }

    @Test func sqliteLocationIsRemovedAfterTheTest() async throws {
        let path = try await StoreBackend.sqlite.withLocation(file: "flows.sqlite") { location in
            guard case .sqlite(let path) = location else {
                Issue.record("not a SQLite file: \(location)")
                return "/"
            }
            try await FlowStoreOpener.at(location)({ store in _ = try await ActivationFlows(store: store).create(token: "t") })
            #expect(FileManager.default.fileExists(atPath: path))
            return path
        }
        #expect(!FileManager.default.fileExists(atPath: (path as NSString).deletingLastPathComponent))
    }
}
