public import ActivationPipeline

/// A feature that keeps a store (the batch, the flows): its store failures are
/// `CodedFailure<Self>`, and its codes for them are made from its prefix and the word it
/// uses for its URL, the same way for every feature: `BATCH_STORE_OPEN`, `FLOW_STORE_QUERY`,
/// `BATCH_INVALID_QUEUE_URL` …
public protocol StoreOwner: Sendable {
    /// What the feature's codes start with: `BATCH`, `FLOW`.
    static var codePrefix: String { get }
    /// What the feature calls its `postgres://` URL in codes: `QUEUE`, `STORE`.
    static var urlNoun: String { get }
}

extension StableCode where Owner: StoreOwner {
    /// The SQLite file or the PostgreSQL server could not be opened or set up (`…_STORE_OPEN`).
    public static var storeOpen: Self { Self(rawValue: Owner.codePrefix + "_STORE_OPEN") }
    /// A statement against the store failed (`…_STORE_QUERY`).
    public static var storeQuery: Self { Self(rawValue: Owner.codePrefix + "_STORE_QUERY") }
    /// The store holds something this version cannot read (`…_STORE_CORRUPT`).
    public static var storeCorrupt: Self { Self(rawValue: Owner.codePrefix + "_STORE_CORRUPT") }
    /// The store's `postgres://` URL cannot be used (`…_INVALID_QUEUE_URL`, `…_INVALID_STORE_URL`).
    public static var invalidURL: Self { Self(rawValue: Owner.codePrefix + "_INVALID_" + Owner.urlNoun + "_URL") }

    /// The code of `failure`.
    static func store(_ failure: StoreFailure) -> Self {
        switch failure {
        case .open: storeOpen
        case .query: storeQuery
        case .corrupt: storeCorrupt
        }
    }
}
