import ActivationPipeline

/// One IMEI that appears in several different uploads (different content, not duplicates).
public struct RepeatedIMEI: Sendable, Hashable {
    /// The full IMEI; never print it, print ``masked``.
    public var value: String
    /// The uploads it appears in, in path order.
    public var paths: [String]

    /// The IMEI as summaries show it: the TAC and the last two digits
    /// (``IMEIMask/distinguishable(_:)``), so that two IMEIs of one model stay two lines.
    public var masked: String { IMEIMask.distinguishable(value) }

    public init(value: String, paths: [String]) {
        self.value = value
        self.paths = paths
    }

    /// Collects IMEIs across records and reports those in two or more different uploads.
    /// Pure; feed it records in any order, one page at a time.
    public struct Finder: Sendable {
        private var pathsByValue: [String: [String]] = [:]

        public init() {}

        /// Counts the IMEIs of one record; copies of another path's result are skipped.
        public mutating func add(_ record: BatchRecord) {
            guard record.duplicateOf == nil else { return }
            for value in Set(record.result.imeis.map(\.value)) {
                pathsByValue[value, default: []].append(record.path)
            }
        }

        /// The repeated IMEIs, most uploads first, then by masked value and full value.
        public func repeated() -> [RepeatedIMEI] {
            pathsByValue.filter { $0.value.count > 1 }
                .map { RepeatedIMEI(value: $0.key, paths: $0.value.sorted()) }
                .sorted { ($0.paths.count, $1.value) > ($1.paths.count, $0.value) }
        }
    }
}
