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
                GET /health, GET /ready, GET /metrics, GET /openapi.yaml (see docs/openapi.yaml). Activations and enrollments are \
                kept in a SQLite file (--db, default activation-flows.sqlite) or, given a URL \
                (--database-url or ACTIVATION_DATABASE_URL), in PostgreSQL, so that a restart loses \
                nothing. When ACTIVATION_API_KEY is set, every route but /health and /ready requires \
                "Authorization: Bearer <key>". Uploads are held in memory only, never written to \
                disk. Every resource a client can hold is bounded: uploads are read whole before a \
                worker is taken (--max-uploads, --max-upload-mb), JSON bodies have their own cap \
                (--max-json-kb), and connections have deadlines (--header-timeout, --body-timeout, \
                --idle-timeout) and a number (--max-connections). Prints "listening on http://HOST:PORT" once it accepts connections.

                Every option can also come from the environment: ACTIVATION_ and the option's name \
                in capitals, - as _ (--max-body-mb: ACTIVATION_MAX_BODY_MB); the command line wins. \
                Environment only: ACTIVATION_API_KEY (the bearer key), ACTIVATION_DEEP_OCR (the deep \
                reader's folder, or off), ACTIVATION_DEBUG and ACTIVATION_DUMP (the reader's trace \
                on standard error, and a folder for its crops).

                Example:
                  activation serve --host 127.0.0.1 --port 8080
                """
        )

        @Option(help: "The address to listen on (ACTIVATION_HOST; default 127.0.0.1).")
        var host: String?

        @Option(help: "The port to listen on; 0 picks a free one (ACTIVATION_PORT; default 8080).")
        var port: Int?

        @Option(help: "The number of worker threads, each with its own IMEI reader and KYC validator (ACTIVATION_WORKERS; default one per core).")
        var workers: Int?

        @Option(help: "The number of requests that may wait for a worker; more are answered 503 (ACTIVATION_QUEUE; default 16).")
        var queue: Int?

        @Option(help: "The most requests one client (IP address) may have running or waiting; more are answered 429 (ACTIVATION_CLIENT_PLACES; default a quarter of workers + queue, at least 1).")
        var clientPlaces: Int?

        @Option(name: .customLong("max-body-mb"), help: "The largest request body, in MiB; larger ones are answered 413 (ACTIVATION_MAX_BODY_MB; default 32).")
        var maxBodyMB: Int?

        @Option(name: .customLong("max-json-kb"), help: "The largest JSON body, in KiB; larger ones are answered 413 (ACTIVATION_MAX_JSON_KB; default 64).")
        var maxJSONKB: Int?

        @Option(help: "The most request bodies read at once; more are answered 503 with Retry-After (ACTIVATION_MAX_UPLOADS; default 1024).")
        var maxUploads: Int?

        @Option(name: .customLong("max-upload-mb"), help: "The most MiB the request bodies being read may hold between them; more are answered 503 with Retry-After (ACTIVATION_MAX_UPLOAD_MB; default 256).")
        var maxUploadMB: Int?

        @Option(help: "The seconds a new connection has to send its first request head; then it is closed (ACTIVATION_HEADER_TIMEOUT; default 10).")
        var headerTimeout: Double?

        @Option(help: "The seconds a request body may send nothing; then it is answered 408 and the connection is closed (ACTIVATION_BODY_TIMEOUT; default 15).")
        var bodyTimeout: Double?

        @Option(help: "The seconds a kept-alive connection may sit idle; then it is closed (ACTIVATION_IDLE_TIMEOUT; default 60).")
        var idleTimeout: Double?

        @Option(help: "The most connections open at once; a new one over it is closed at once (ACTIVATION_MAX_CONNECTIONS; default 4096).")
        var maxConnections: Int?

        @Option(help: "The most seconds one request may take before it is answered 504 (ACTIVATION_TIMEOUT; default 30).")
        var timeout: Double?

        @Option(help: "The seconds to send in Retry-After with a 503 (ACTIVATION_RETRY_AFTER; default 1).")
        var retryAfter: Int?

        @Option(help: "The log level: trace, debug, info, notice, warning, error or critical (ACTIVATION_LOG_LEVEL; default info).")
        var logLevel: String?

        @Option(help: "The log format: text, or json for one JSON object per line on standard error (ACTIVATION_LOG_FORMAT; default text).")
        var logFormat: String?

        @Option(name: .customLong("db"), help: "The SQLite file that keeps activations and enrollments; created if missing (ACTIVATION_DB; default activation-flows.sqlite).")
        var database: String?

        @Option(
            name: .customLong("database-url"),
            help: "A postgres:// URL of the PostgreSQL database that keeps activations and enrollments instead of a SQLite file (ACTIVATION_DATABASE_URL)."
        )
        var databaseURL: String?

        /// The options resolved: the command line, else the environment, else the defaults.
        func settings(_ environment: ServeEnvironment = ServeEnvironment()) throws -> ServeSettings {
            let e = environment
            return ServeSettings(
                host: e.string(host, "host", default: "127.0.0.1"),
                port: try e.int(port, "port", default: 8080) ?? 8080,
                workers: try e.int(workers, "workers", default: ProcessInfo.processInfo.activeProcessorCount) ?? 1,
                queue: try e.int(queue, "queue", default: 16) ?? 16,
                clientPlaces: try e.int(clientPlaces, "client-places", default: nil),
                maxBodyMB: try e.int(maxBodyMB, "max-body-mb", default: 32) ?? 32,
                maxJSONKB: try e.int(maxJSONKB, "max-json-kb", default: 64) ?? 64,
                maxUploads: try e.int(maxUploads, "max-uploads", default: 1024) ?? 1024,
                maxUploadMB: try e.int(maxUploadMB, "max-upload-mb", default: 256) ?? 256,
                headerTimeout: try e.double(headerTimeout, "header-timeout", default: 10),
                bodyTimeout: try e.double(bodyTimeout, "body-timeout", default: 15),
                idleTimeout: try e.double(idleTimeout, "idle-timeout", default: 60),
                maxConnections: try e.int(maxConnections, "max-connections", default: 4096) ?? 4096,
                timeout: try e.double(timeout, "timeout", default: 30),
                retryAfter: try e.int(retryAfter, "retry-after", default: 1) ?? 1,
                logLevel: e.string(logLevel, "log-level", default: "info"),
                logFormat: e.string(logFormat, "log-format", default: "text"),
                database: database ?? (databaseURL == nil ? e.text("db") : nil),
                databaseURL: databaseURL ?? (database == nil ? e.text("database-url") : nil)
            )
        }

        func validate() throws {
            try settings().validate()
        }

        func run() async throws {
            let settings = try settings()
            var configuration = ServiceConfiguration()
            configuration.host = settings.host
            configuration.port = settings.port
            configuration.workers = settings.workers
            configuration.queueDepth = settings.queue
            configuration.clientPlaces = settings.clientPlaces
            configuration.maxBodyBytes = settings.maxBodyMB << 20
            configuration.maxJSONBytes = settings.maxJSONKB << 10
            configuration.maxUploads = settings.maxUploads
            configuration.maxUploadBytes = settings.maxUploadMB << 20
            configuration.connections.headerTimeout = .milliseconds(Int64(settings.headerTimeout * 1000))
            configuration.connections.bodyTimeout = .milliseconds(Int64(settings.bodyTimeout * 1000))
            configuration.connections.idleTimeout = .milliseconds(Int64(settings.idleTimeout * 1000))
            configuration.connections.maxConnections = settings.maxConnections
            configuration.requestTimeout = .milliseconds(Int64(settings.timeout * 1000))
            configuration.retryAfterSeconds = settings.retryAfter
            configuration.apiKey = ServiceConfiguration.apiKey(in: ProcessInfo.processInfo.environment)
            configuration.flowStore = try settings.flowStore
            var logger = settings.logFormat == "json"
                ? Logger(label: "activation.serve", factory: { JSONLogHandler(label: $0) })
                : Logger(label: "activation.serve")
            logger.logLevel = Logger.Level(rawValue: settings.logLevel) ?? .info
            let host = settings.host
            try await runApplication(configuration, logger: logger) { port in
                FileHandle.standardOutput.write(Data("listening on http://\(host):\(port)\n".utf8))
            }
        }
    }
}
