@testable import ActivationBatch
import ActivationPipeline
@testable import ActivationStorage
import Testing

/// The batch's store codes, made from its prefix the one ``StoreOwner`` way.
@Suite struct BatchStoreCodesTests {
    @Test func storeCodesKeepTheirNames() {
        #expect([BatchError.Code.storeOpen, .storeQuery, .storeCorrupt].map(\.name) == ["BATCH_STORE_OPEN", "BATCH_STORE_QUERY", "BATCH_STORE_CORRUPT"])
        #expect(BatchError.Code.store(.query) == .storeQuery)
    }

    @Test func unusableQueueIsInvalidQueueURL() {
        #expect(BatchError.Code.invalidURL.name == "BATCH_INVALID_QUEUE_URL")
        #expect { try StoreLocation.batch(db: nil, queue: "http://h/d") } throws: { ($0 as? BatchError)?.code == .invalidURL }
    }

    @Test func dbAndQueueTogetherAreAnInvalidArgument() {
        #expect { try StoreLocation.batch(db: "b.sqlite", queue: "postgres://h/d") } throws: { ($0 as? BatchError)?.code == .invalidArgument }
    }
}
