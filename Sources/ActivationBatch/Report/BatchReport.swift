import ActivationPipeline
import ActivationStorage

/// What `activation batch report` shows, as values: totals, speed, latency, repeated IMEIs,
/// duplicate uploads and the failures. Pure; ``Collector`` builds it from records, and
/// ``BatchReportHTML`` renders it. Never holds a full IMEI.
public struct BatchReport: Sendable, Hashable {
    /// One failed input, as the gallery shows it.
    public struct Failure: Sendable, Hashable {
        public var path: String
        public var code: Int
        public var name: String
        public var detail: String
        /// A JPEG thumbnail (at most ``BatchReport/thumbnailSide`` px a side); nil when the file
        /// is gone or does not decode.
        public var thumbnailJPEG: [UInt8]?

        public init(path: String, code: Int, name: String, detail: String, thumbnailJPEG: [UInt8]?) {
            self.path = path
            self.code = code
            self.name = name
            self.detail = detail
            self.thumbnailJPEG = thumbnailJPEG
        }
    }

    /// One bar of the latency histogram: reads that took `fromMs` up to `toMs` (nil: no limit).
    public struct Bucket: Sendable, Hashable {
        public var fromMs: Int
        public var toMs: Int?
        public var count: Int
    }

    /// The largest side of a thumbnail, in pixels.
    public static let thumbnailSide = 480
    /// The most failures the gallery shows; past it, the report gives the count.
    public static let defaultFailureLimit = 500
    /// The store the review commands name when the collector is given none.
    public static let defaultStore = StoreLocation.batchDatabase
    /// The histogram's bucket edges, in milliseconds.
    public static let bucketEdgesMs = [0, 100, 250, 500, 1000, 2000, 4000, 8000, 16000]

    /// The store, as people should see it (no password).
    public var location: String
    public var counts: BatchCounts
    /// Finished rows per second, from the first claim to the last result; nil when unknown.
    public var imagesPerSecond: Double?
    /// Reading time per image (copies excluded), in milliseconds.
    public var p50Ms: Int?
    public var p95Ms: Int?
    public var histogram: [Bucket] = []
    /// Repeated IMEIs, masked so that each stays distinguishable (``RepeatedIMEI/masked``).
    public var repeated: [RepeatedIMEI] = []
    /// Duplicate uploads (a copy and the path whose result it shares), up to the failure limit.
    public var duplicates: [DuplicatePair] = []
    /// The failures shown, in path order, at most the limit.
    public var failures: [Failure] = []
    /// Every failure, shown or not.
    public var failureCount = 0
    /// The folder every result's file is in: the table names files below it.
    public var root = "/"
    /// The results that need a person, shown first (at most the failure limit), in path order.
    public var reviews: [ReviewItem] = []
    /// Every result that needs a person, shown or not.
    public var reviewCount = 0
    /// Every result, in path order.
    public var rows: [ResultRow] = []
    /// When the report was made (ISO 8601 UTC), the product's version, and the command that made it.
    public var generated = ""
    public var version = ProductVersion.current
    public var command = ""

    public init(location: String, counts: BatchCounts) {
        self.location = location
        self.counts = counts
    }

    /// A copy and the path whose result it shares.
    public struct DuplicatePair: Sendable, Hashable {
        public var copy: String
        public var original: String
    }
}
