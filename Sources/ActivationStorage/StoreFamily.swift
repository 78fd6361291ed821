/// One feature's store in its two places, with the same schema in each: a SQLite file (the
/// default) and a PostgreSQL database that several processes share. A
/// ``StoreLocation`` opens whichever one it names.
public protocol StoreFamily: SendableMetatype {
    /// The store as the feature works with it (`any JobStore`, `any FlowStore`).
    associatedtype Store: Sendable
    /// The store kept in a SQLite file.
    associatedtype File: SQLiteStore
    /// The store kept in a PostgreSQL database.
    associatedtype Server: PostgresStore

    /// The file store as the feature works with it.
    static func store(_ file: File) -> Store
    /// The database store as the feature works with it.
    static func store(_ server: Server) -> Store
}
