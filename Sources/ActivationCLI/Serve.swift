import ActivationStorage
import ActivationFlows
import ActivationService
import ArgumentParser
import Foundation
import Logging

extension Activation {
    /// `activation serve`: the HTTP service (IMEI reading, KYC pre-validation, stored activations
    /// and enrollments, health, metrics).
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serves IMEI reading, KYC pre-validation, activations and enrollments over HTTP.",
            discussion: """
                Routes: POST /v1/imei, POST /v1/kyc/prevalidate, /v1/activations, /v1/enrollments, \
                GET /health, GET /metrics (see docs/openapi.yaml). Activations and enrollments are \
                kept in a SQLite file (--db, default activation-flows.sqlite) or, given a URL \
                (--database-url or ACTIVATION_DATABASE_URL), in PostgreSQL, so that a restart loses \
                nothing. When ACTIVATION_API_KEY is set, every route but /health requires \
                "Authorization: Bearer <key>". Uploads are held in memory only, never written to \
                disk. Every resource a client can hold is bounded: uploads are read whole before a \
                worker is taken (--max-uploads, --max-upload-mb), JSON bodies have their own cap \
                (--max-json-kb), and connections have deadlines (--header-timeout, --body-timeout, \
                --idle-timeout) and a number (--max-connections). Prints "listening on http://HOST:PORT" once it accepts connections.

                Example:
                  activation serve --host 127.0.0.1 --port 8080
                """
        )

        @Option(help: "The address to listen on.")
        var host = "127.0.0.1"

        @Option(help: "The port to listen on; 0 picks a free one.")
        var port = 8080

        @Option(help: "The number of worker threads, each with its own IMEI reader and KYC validator; one per core by default.")
        var workers: Int = ProcessInfo.processInfo.activeProcessorCount

        @Option(help: "The number of requests that may wait for a worker; more are answered 503.")
        var queue = 16

        @Option(help: "The most requests one client (IP address) may have running or waiting; more are answered 429. Default: a quarter of workers + queue, at least 1.")
        var clientPlaces: Int?

        @Option(name: .customLong("max-body-mb"), help: "The largest request body, in MiB; larger ones are answered 413.")
        var maxBodyMB = 32

        @Option(name: .customLong("max-json-kb"), help: "The largest JSON body, in KiB; larger ones are answered 413.")
        var maxJSONKB = 64

        @Option(help: "The most request bodies read at once; more are answered 503 with Retry-After.")
        var maxUploads = 1024

        @Option(name: .customLong("max-upload-mb"), help: "The most MiB the request bodies being read may hold between them; more are answered 503 with Retry-After.")
        var maxUploadMB = 256

        @Option(help: "The seconds a new connection has to send its first request head; then it is closed.")
        var headerTimeout: Double = 10

        @Option(help: "The seconds a request body may send nothing; then it is answered 408 and the connection is closed.")
        var bodyTimeout: Double = 15

        @Option(help: "The seconds a kept-alive connection may sit idle; then it is closed.")
        var idleTimeout: Double = 60

        @Option(help: "The most connections open at once; a new one over it is closed at once.")
        var maxConnections = 4096

        @Option(help: "The most seconds one request may take before it is answered 504.")
        var timeout: Double = 30

        @Option(help: "The seconds to send in Retry-After with a 503.")
        var retryAfter = 1

        @Option(help: "The log level: trace, debug, info, notice, warning, error or critical.")
        var logLevel = "info"

        @Option(name: .customLong("db"), help: "The SQLite file that keeps activations and enrollments; created if missing. Default: activation-flows.sqlite.")
        var database: String?

        @Option(
            name: .customLong("database-url"),
            help: "A postgres:// URL of the PostgreSQL database that keeps activations and enrollments instead of a SQLite file; ACTIVATION_DATABASE_URL is read when neither this nor --db is given."
        )
        var databaseURL: String?

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
            guard database == nil || databaseURL == nil else { throw ValidationError("Give --db or --database-url, not both.") }
            do throws(FlowError) {
                _ = try flowStore
            } catch {
                throw ValidationError("The database URL cannot be used: \(error.message)")
            }
        }

        /// Where the flows are kept: `--database-url`, else `--db`, else ACTIVATION_DATABASE_URL,
        /// else the default SQLite file.
        var flowStore: StoreLocation {
            get throws(FlowError) {
                let environment = databaseURL == nil && database == nil
                    ? ServiceConfiguration.databaseURL(in: ProcessInfo.processInfo.environment) : nil
                return try StoreLocation.flows(db: database, url: databaseURL ?? environment)
            }
        }

        func run() async throws {
            var configuration = ServiceConfiguration()
            configuration.host = host
            configuration.port = port
            configuration.workers = workers
            configuration.queueDepth = queue
            configuration.clientPlaces = clientPlaces
            configuration.maxBodyBytes = maxBodyMB << 20
            configuration.maxJSONBytes = maxJSONKB << 10
            configuration.maxUploads = maxUploads
            configuration.maxUploadBytes = maxUploadMB << 20
            configuration.connections.headerTimeout = .milliseconds(Int64(headerTimeout * 1000))
            configuration.connections.bodyTimeout = .milliseconds(Int64(bodyTimeout * 1000))
            configuration.connections.idleTimeout = .milliseconds(Int64(idleTimeout * 1000))
            configuration.connections.maxConnections = maxConnections
            configuration.requestTimeout = .milliseconds(Int64(timeout * 1000))
            configuration.retryAfterSeconds = retryAfter
            configuration.apiKey = ServiceConfiguration.apiKey(in: ProcessInfo.processInfo.environment)
            configuration.flowStore = try flowStore
            var logger = Logger(label: "activation.serve")
            logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
            let host = self.host
            try await runApplication(configuration, logger: logger) { port in
                FileHandle.standardOutput.write(Data("listening on http://\(host):\(port)\n".utf8))
            }
        }
    }
}
