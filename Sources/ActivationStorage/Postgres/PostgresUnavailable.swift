import PostgresNIO

/// The cause of a store failure that a later attempt may not meet: the server went away, is
/// starting or stopping, refused or dropped the connection, or cancelled the statement. Set as
/// the `cause` of the `…_STORE_QUERY` failure (whose code stays the same), so that a caller that
/// can wait (a batch worker) retries while others fail at once. Holds no query and no bind.
public struct PostgresUnavailable: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String { "the PostgreSQL server is unavailable for now" }

    public init() {}

    /// SQLSTATEs that mean "try again later": class 08 (connection exception), 57P01
    /// admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 57014 query_canceled
    /// (a statement timeout), 53300 too_many_connections, 40001 and 40P01 (serialization
    /// failure, deadlock). Everything else (syntax, constraint, permission …) is permanent.
    public static func isTransient(sqlState: String) -> Bool {
        sqlState.hasPrefix("08") || ["57P01", "57P02", "57P03", "57014", "53300", "40001", "40P01"].contains(sqlState)
    }

    /// Whether `error`, as PostgresNIO throws it (bare or inside a failed transaction), means the
    /// server or the connection is gone for now rather than that the statement is wrong.
    public static func isTransient(_ error: (any Error)?) -> Bool {
        guard let error else { return false }
        switch error {
        case let failed as PostgresTransactionError:
            return [failed.beginError, failed.closureError, failed.commitError].contains { isTransient($0) }
        case let psql as PSQLError:
            if let state = psql.serverInfo?[.sqlState] { return isTransient(sqlState: state) }
            return [.serverClosedConnection, .clientClosedConnection, .connectionError, .uncleanShutdown]
                .contains(psql.code)
        default:
            return false
        }
    }
}
