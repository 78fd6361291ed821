public import ActivationPipeline
import Foundation

/// A `postgres://` queue URL, parsed. Pure value; no connection is made.
///
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require][&schema=NAME][&host=/socket/dir]`.
/// `schema` keeps several queues apart in one database; `host=/dir` connects through the
/// Unix socket `/dir/.s.PGSQL.PORT`. TLS defaults to off for loopback and sockets, and to
/// `prefer` elsewhere; `require` (and `verify-ca`, `verify-full`) verify the server's certificate.
public struct PostgresURL: Sendable, Hashable, CustomStringConvertible {
    /// How the connection uses TLS.
    public enum TLSMode: String, Sendable, Hashable {
        case disable, prefer, require
    }

    public var host: String
    public var port: Int
    /// The Unix socket's path, when `host=/dir` was given.
    public var unixSocketPath: String?
    public var username: String
    public var password: String?
    public var database: String
    public var tls: TLSMode
    /// The schema that holds the queue's tables, if not the default one.
    public var schema: String?

    /// Why a text is not a usable `postgres://` URL; the batch and the flows answer it with
    /// their own codes (`BATCH_INVALID_QUEUE_URL`, `FLOW_INVALID_STORE_URL`).
    public struct Invalid: CodedError, Sendable, Hashable {
        /// `INVALID_POSTGRES_URL`.
        public var code: StableCode<Invalid> { "INVALID_POSTGRES_URL" }
        /// What is wrong, for people.
        public let message: String
    }

    /// Parses `text`, or throws saying what is wrong.
    public init(parsing text: String) throws(Invalid) {
        func invalid(_ why: String) -> Invalid {
            Invalid(message: "\(why) in the queue URL; expected postgres://USER@HOST:PORT/DATABASE")
        }
        guard let parts = URLComponents(string: text), let scheme = parts.scheme?.lowercased(),
            scheme == "postgres" || scheme == "postgresql"
        else { throw invalid("not a postgres:// URL") }
        let query = Dictionary(
            (parts.queryItems ?? []).map { ($0.name.lowercased(), $0.value ?? "") }, uniquingKeysWith: { $1 })
        port = parts.port ?? 5432
        guard (1...65535).contains(port) else { throw invalid("port \(port) out of range") }
        if let socketDirectory = query["host"], socketDirectory.hasPrefix("/") {
            unixSocketPath = socketDirectory + "/.s.PGSQL.\(port)"
        }
        host = parts.host ?? ""
        guard !host.isEmpty || unixSocketPath != nil else { throw invalid("no host") }
        username = parts.user ?? "postgres"
        password = parts.password
        database = String(parts.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty else { throw invalid("no database name") }
        if let schema = query["schema"] {
            guard Self.isPlainIdentifier(schema) else { throw invalid("schema must be lowercase letters, digits and _") }
            self.schema = schema
        }
        switch query["sslmode"]?.lowercased() {
        case nil, "":
            let local = unixSocketPath != nil || ["localhost", "127.0.0.1", "::1", "[::1]"].contains(host)
            tls = local ? .disable : .prefer
        case "disable", "allow": tls = .disable
        case "prefer": tls = .prefer
        case "require", "verify-ca", "verify-full": tls = .require
        case let other?: throw invalid("unknown sslmode \(other)")
        }
    }

    /// Whether `name` is a lowercase SQL identifier that needs no quoting rules beyond `"…"`.
    static func isPlainIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= 63 else { return false }
        let lower = "abcdefghijklmnopqrstuvwxyz_"
        return lower.unicodeScalars.contains(first)
            && name.unicodeScalars.allSatisfy { (lower + "0123456789").unicodeScalars.contains($0) }
    }

    /// The URL without its password, for logs.
    public var redacted: String {
        let target = unixSocketPath ?? "\(host):\(port)"
        return "postgres://\(username)@\(target)/\(database)" + (schema.map { "?schema=\($0)" } ?? "")
    }

    public var description: String { redacted }
}
