import ActivationFlows
import ActivationStorage
import ArgumentParser
import Logging

/// `activation serve`'s options once resolved (command line, else environment, else default;
/// ``ServeEnvironment``), and their checks. Pure value.
struct ServeSettings: Equatable {
    var host: String
    var port: Int
    var workers: Int
    var queue: Int
    var clientPlaces: Int?
    var maxBodyMB: Int
    var maxJSONKB: Int
    var maxUploads: Int
    var maxUploadMB: Int
    var headerTimeout: Double
    var bodyTimeout: Double
    var idleTimeout: Double
    var maxConnections: Int
    var timeout: Double
    var retryAfter: Int
    var logLevel: String
    var logFormat: String
    var database: String?
    var databaseURL: String?

    /// Throws `ValidationError` naming the first option out of its range.
    func validate() throws {
        guard workers >= 1 else { throw ValidationError("--workers must be at least 1.") }
        guard queue >= 0 else { throw ValidationError("--queue must not be negative.") }
        guard clientPlaces.map({ $0 >= 1 }) ?? true else { throw ValidationError("--client-places must be at least 1.") }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        guard maxBodyMB >= 1 else { throw ValidationError("--max-body-mb must be at least 1.") }
        guard maxJSONKB >= 1 else { throw ValidationError("--max-json-kb must be at least 1.") }
        guard maxUploads >= 1 else { throw ValidationError("--max-uploads must be at least 1.") }
        guard maxUploadMB >= 1 else { throw ValidationError("--max-upload-mb must be at least 1.") }
        for (name, value) in [("--header-timeout", headerTimeout), ("--body-timeout", bodyTimeout), ("--idle-timeout", idleTimeout)] {
            guard value > 0 else { throw ValidationError("\(name) must be positive.") }
        }
        guard maxConnections >= 1 else { throw ValidationError("--max-connections must be at least 1.") }
        guard timeout > 0 else { throw ValidationError("--timeout must be positive.") }
        guard retryAfter >= 0 else { throw ValidationError("--retry-after must not be negative.") }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("--log-level is not a level.") }
        guard ["text", "json"].contains(logFormat) else { throw ValidationError("--log-format must be text or json.") }
        guard database == nil || databaseURL == nil else { throw ValidationError("Give --db or --database-url, not both.") }
        do throws(FlowError) {
            _ = try flowStore
        } catch {
            throw ValidationError("The database URL cannot be used: \(error.message)")
        }
    }

    /// Where the flows are kept: the database URL, else the SQLite file, else the default file.
    var flowStore: StoreLocation {
        get throws(FlowError) { try StoreLocation.flows(db: database, url: databaseURL) }
    }
}
