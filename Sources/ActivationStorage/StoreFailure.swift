/// The ways every store fails, whatever it keeps; each ``StoreOwner`` codes them with its
/// prefix (`StableCode/storeOpen` …).
public enum StoreFailure: Sendable, Hashable {
    /// The SQLite file or the PostgreSQL server could not be opened or set up.
    case open
    /// A statement against the store failed.
    case query
    /// The store holds something this version cannot read.
    case corrupt
}
