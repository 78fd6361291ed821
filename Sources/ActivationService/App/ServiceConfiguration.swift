public import ActivationFlows
public import ActivationReader
public import ActivationStorage
import Foundation

/// Everything `activation serve` can be told: where to listen, how many workers, and the limits.
public struct ServiceConfiguration: Sendable {
    /// The address to bind.
    public var host = "127.0.0.1"
    /// The port to bind; 0 lets the system pick a free one.
    public var port = 8080
    /// Worker threads, each with its own IMEI reader and KYC validator. Default: one per core.
    public var workers = ProcessInfo.processInfo.activeProcessorCount
    /// Jobs that may wait for a worker; more are answered 503 at once.
    public var queueDepth = 16
    /// The most places (running or waiting) one client, by IP address, may hold; past it 429
    /// with `Retry-After`. Nil: a quarter of `workers + queueDepth`, at least 1, so that four
    /// clients that send without pause still leave room for a fifth; and free workers take the
    /// next job of the client with the fewest running, so its wait is one job, not a queue.
    public var clientPlaces: Int?

    /// ``clientPlaces`` as the pool applies it.
    public var placesPerClient: Int { clientPlaces ?? max(1, (workers + queueDepth) / 4) }
    /// The largest request body, in bytes; larger ones are answered 413.
    public var maxBodyBytes = 32 << 20
    /// The largest JSON body, in bytes; larger ones are answered 413.
    public var maxJSONBytes = 64 << 10
    /// The most request bodies being read at once; over it, 503 `UPLOAD_BUDGET`. Bodies hold
    /// only the bytes that arrived (bounded by `maxUploadBytes`), so this is set high enough
    /// that 100 clients dripping 1 B/s (each cut by the body deadline) leave room for the rest.
    public var maxUploads = 1024
    /// The most bytes the bodies being read may hold between them; over it, 503 `UPLOAD_BUDGET`.
    public var maxUploadBytes = 256 << 20
    /// The connections' read deadlines, idle timeout and number.
    public var connections = ConnectionLimits()
    /// How long one request may take, upload, queue and work included; then 504.
    public var requestTimeout: Duration = .seconds(30)
    /// The `Retry-After` sent with 503, in seconds.
    public var retryAfterSeconds = 1
    /// The bearer key every route but `/health` and `/ready` requires; nil for none.
    public var apiKey: String?
    /// The IMEI reader's own tunables.
    public var reader = IMEIReader.Configuration()
    /// Where activations and enrollments are kept: a SQLite file (the default,
    /// `activation-flows.sqlite` in the working directory) or a PostgreSQL database.
    public var flowStore = StoreLocation.sqlite(path: StoreLocation.flowsDatabase)
    /// The risk policy, clock and time zone of the stored flows.
    public var flows = FlowConfiguration()
    /// The most time `/ready` waits for the flow store to answer its query; then 503.
    public var readinessDeadline: Duration = .milliseconds(1500)
    /// The deep reader's status as `/ready` reports it; nil: found at start
    /// (``DeepReaderStatus/current(wanted:environment:)``). Tests set it.
    var deepReader: DeepReaderStatus?

    public init() {}

    /// The name of the environment variable holding the API key.
    public static let apiKeyVariable = "ACTIVATION_API_KEY"

    /// The API key in `environment`, if set and not empty.
    public static func apiKey(in environment: [String: String]) -> String? {
        guard let key = environment[apiKeyVariable], !key.isEmpty else { return nil }
        return key
    }

    /// The name of the environment variable holding the flow store's `postgres://` URL.
    public static let databaseURLVariable = "ACTIVATION_DATABASE_URL"

    /// The flow store's URL in `environment`, if set and not empty.
    public static func databaseURL(in environment: [String: String]) -> String? {
        guard let url = environment[databaseURLVariable], !url.isEmpty else { return nil }
        return url
    }
}
