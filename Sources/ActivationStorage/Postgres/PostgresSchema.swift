/// The tables of a PostgreSQL store, created once per database by whichever process comes
/// first (under an advisory lock, so concurrent starts wait for each other), and the version
/// they must be at. Pure value; ``PostgresPool`` applies it.
public struct PostgresSchema: Sendable {
    /// The advisory lock key that serializes concurrent creators.
    public var lock: Int64
    /// The statements that create the tables if they are missing, in order; the last ones
    /// record the version in `metaTable`.
    public var statements: [String]
    /// The table holding `schema_version`.
    public var metaTable: String
    /// The tables in messages, with their verb: `the queue has`, `the flow tables have`.
    public var subject: String
    /// What creating the tables is called in messages.
    public var what: String
    /// How a failure to create the tables counts (`query`, or `open`).
    public var setupFailure: StoreFailure
    /// How tables of another version count (`corrupt`, or `open`).
    public var versionFailure: StoreFailure

    public init(
        lock: Int64, statements: [String], metaTable: String, subject: String, what: String,
        setupFailure: StoreFailure, versionFailure: StoreFailure
    ) {
        self.lock = lock
        self.statements = statements
        self.metaTable = metaTable
        self.subject = subject
        self.what = what
        self.setupFailure = setupFailure
        self.versionFailure = versionFailure
    }

    /// The version this binary knows.
    static let version = "1"
}
