public import ActivationPipeline

/// A feature that keeps a store (the batch, the flows): its store failures are
/// `CodedFailure<Self>`, and its codes for them are made from its prefix, the same way for
/// every feature: `BATCH_STORE_OPEN`, `FLOW_STORE_QUERY` …
public protocol StoreOwner: Sendable {
    /// What the feature's codes start with: `BATCH`, `FLOW`.
    static var codePrefix: String { get }
    /// The feature's code for a `postgres://` URL that cannot be used.
    static var invalidURL: StableCode<Self> { get }
}

extension StableCode where Owner: StoreOwner {
    /// The SQLite file or the PostgreSQL server could not be opened or set up (`…_STORE_OPEN`).
    public static var storeOpen: Self { Self(rawValue: Owner.codePrefix + "_STORE_OPEN") }
    /// A statement against the store failed (`…_STORE_QUERY`).
    public static var storeQuery: Self { Self(rawValue: Owner.codePrefix + "_STORE_QUERY") }
    /// The store holds something this version cannot read (`…_STORE_CORRUPT`).
    public static var storeCorrupt: Self { Self(rawValue: Owner.codePrefix + "_STORE_CORRUPT") }
    /// The store's `postgres://` URL cannot be used.
    public static var invalidURL: Self { Owner.invalidURL }

    /// The code of `failure`.
    static func store(_ failure: StoreFailure) -> Self {
        switch failure {
        case .open: storeOpen
        case .query: storeQuery
        case .corrupt: storeCorrupt
        }
    }
}
