import ActivationPipeline

extension BatchReport {
    /// Builds a report from records fed one page at a time, in path order. Pure: thumbnails
    /// come from the `thumbnail` function the caller gives (file I/O lives there).
    public struct Collector {
        private var report: BatchReport
        private var finder = RepeatedIMEI.Finder()
        private var durations: [Int] = []
        private var firstStart: Int?
        private var lastFinish: Int?
        private let limit: Int
        private let thumbnail: (String) -> [UInt8]?

        public init(location: String, counts: BatchCounts, failureLimit: Int = BatchReport.defaultFailureLimit,
                    thumbnail: @escaping (String) -> [UInt8]?) {
            report = BatchReport(location: location, counts: counts)
            limit = failureLimit
            self.thumbnail = thumbnail
        }

        public mutating func add(_ record: BatchRecord) {
            finder.add(record)
            if let started = record.startedMs { firstStart = min(firstStart ?? started, started) }
            if let finished = record.finishedMs { lastFinish = max(lastFinish ?? finished, finished) }
            if let original = record.duplicateOf {
                if report.duplicates.count < limit { report.duplicates.append(DuplicatePair(copy: record.path, original: original)) }
            } else if let ms = record.durationMs {
                durations.append(ms)
            }
            guard let error = record.result.error else { return }
            report.failureCount += 1
            guard report.failures.count < limit else { return }
            report.failures.append(Failure(
                path: record.path, code: error.code, name: error.name, detail: error.detail ?? error.message,
                thumbnailJPEG: thumbnail(record.path)))
        }

        /// The report of every record added.
        public func finish() -> BatchReport {
            var out = report
            out.repeated = finder.repeated()
            let sorted = durations.sorted()
            out.p50Ms = Self.percentile(sorted, 0.5)
            out.p95Ms = Self.percentile(sorted, 0.95)
            out.histogram = Self.histogram(sorted)
            if let firstStart, let lastFinish, lastFinish > firstStart {
                out.imagesPerSecond = Double(out.counts.finished) * 1000 / Double(lastFinish - firstStart)
            }
            return out
        }

        /// The nearest-rank percentile of sorted values; nil when there are none.
        static func percentile(_ sorted: [Int], _ p: Double) -> Int? {
            guard !sorted.isEmpty else { return nil }
            let rank = Int((p * Double(sorted.count)).rounded(.up))
            return sorted[min(sorted.count - 1, max(0, rank - 1))]
        }

        /// Counts per bucket of ``BatchReport/bucketEdgesMs``, the last bucket open-ended.
        static func histogram(_ values: [Int]) -> [Bucket] {
            let edges = BatchReport.bucketEdgesMs
            var buckets = edges.indices.map { i in Bucket(fromMs: edges[i], toMs: i + 1 < edges.count ? edges[i + 1] : nil, count: 0) }
            for value in values {
                let index = edges.lastIndex { $0 <= value } ?? 0
                buckets[index].count += 1
            }
            return buckets
        }
    }
}
