import PostgresNIO

extension PostgresURL {
    /// The PostgresNIO pool configuration for this URL. Uses a small pool: batch workers hold a
    /// connection only for the length of one short transaction.
    func clientConfiguration() -> PostgresClient.Configuration {
        var configuration: PostgresClient.Configuration
        if let unixSocketPath {
            configuration = .init(
                unixSocketPath: unixSocketPath, username: username, password: password, database: database)
        } else {
            let tlsSetting: PostgresClient.Configuration.TLS
            switch tls {
            case .disable: tlsSetting = .disable
            case .prefer: tlsSetting = .prefer(.makeClientConfiguration())
            case .require: tlsSetting = .require(.makeClientConfiguration())
            }
            configuration = .init(
                host: host, port: port, username: username, password: password, database: database, tls: tlsSetting)
        }
        configuration.options.maximumConnections = 8
        configuration.options.keepAliveBehavior = nil
        if let schema {
            configuration.options.additionalStartupParameters = [("search_path", schema)]
        }
        return configuration
    }
}

extension PostgresURL {
    /// The same settings for one direct connection (used to probe the server before the pool).
    func connectionConfiguration() throws -> PostgresConnection.Configuration {
        var configuration: PostgresConnection.Configuration
        if let unixSocketPath {
            configuration = .init(
                unixSocketPath: unixSocketPath, username: username, password: password, database: database)
        } else {
            let tlsSetting: PostgresConnection.Configuration.TLS
            switch tls {
            case .disable: tlsSetting = .disable
            case .prefer: tlsSetting = .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
            case .require: tlsSetting = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            }
            configuration = .init(
                host: host, port: port, username: username, password: password, database: database, tls: tlsSetting)
        }
        if let schema {
            configuration.options.additionalStartupParameters = [("search_path", schema)]
        }
        return configuration
    }
}
