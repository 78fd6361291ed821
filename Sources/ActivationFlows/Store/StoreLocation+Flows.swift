public import ActivationStorage

extension StoreLocation {
    /// The SQLite file the flows use when no location is given.
    public static let flowsDatabase = "activation-flows.sqlite"

    /// Why the flows refuse a database file and a URL given together.
    private static let both = "give either a database file or a postgres:// URL, not both"

    /// The flows' store for a service's options: the PostgreSQL URL when one is given, else
    /// the SQLite file `db` (or ``flowsDatabase``). `FLOW_INVALID_STORE_URL` for a URL that is
    /// not a usable `postgres://` URL, and for both at once.
    public static func flows(db: String?, url: String?) throws(FlowError) -> StoreLocation {
        try StoreLocation(file: db, url: url, defaultFile: flowsDatabase, bothGiven: FlowError(.invalidURL, both))
    }
}
