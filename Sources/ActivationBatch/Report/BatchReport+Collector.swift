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
        private var folder: [Substring]?
        private let limit: Int
        private let thumbnail: (String) -> [UInt8]?
        private let book: BatchReviewBook
        private let commands: ReviewCommands
        private let annotated: (BatchRecord) -> [UInt8]?

        /// A collector for the store at `location`; `thumbnail` gives a failure's picture and
        /// `annotated` the annotated picture of a result that needs review, `book` the batch's
        /// review findings and decisions, and `commands` the commands the report prints.
        public init(
            location: String, counts: BatchCounts, failureLimit: Int = BatchReport.defaultFailureLimit,
            book: BatchReviewBook = BatchReviewBook(repeated: [], decisionsByPath: [:]),
            commands: ReviewCommands = ReviewCommands(store: BatchReport.defaultStore, isFile: true),
            annotated: @escaping (BatchRecord) -> [UInt8]? = { _ in nil },
            thumbnail: @escaping (String) -> [UInt8]?
        ) {
            report = BatchReport(location: location, counts: counts)
            limit = failureLimit
            self.thumbnail = thumbnail
            self.book = book
            self.commands = commands
            self.annotated = annotated
        }

        public mutating func add(_ record: BatchRecord) {
            finder.add(record)
            folder = BatchReport.commonFolder(folder, record.path)
            addReview(record)
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

        /// The row of `record` in the table of every result, and its place in the review group
        /// when it needs a person.
        private mutating func addReview(_ record: BatchRecord) {
            let review = book.status(of: record)
            let result = record.result
            let decision = review.decision
            let label: String
            if review.needed {
                label = "needs review"
            } else if let decision {
                label = (decision.action == .confirm ? "confirmed by " : "corrected by ") + decision.by
            } else {
                label = ""
            }
            report.rows.append(ResultRow(
                path: record.path, state: record.state,
                imeis: result.imeis.map { "\($0.label) \(IMEIMask.mask($0.value))" },
                channels: result.imeis.flatMap(\.channels).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } },
                confidence: result.imeis.map(\.confidence).min(), durationMs: record.durationMs, errorCode: result.error?.code,
                review: label, needsReview: review.needed, decided: decision != nil))
            guard review.needed else { return }
            report.reviewCount += 1
            guard report.reviews.count < limit else { return }
            var read = result.imeis.map { reading in
                "\(reading.label) \(IMEIMask.mask(reading.value)) (\(reading.channels.joined(separator: "+")), "
                    + "\(BatchCSV.confidence(reading.confidence))\(reading.corrected ? ", corrected" : ""))"
            }
            if let meid = result.meid { read.append("MEID \(IMEIMask.mask(meid))") }
            if let error = result.error { read.append("\(error.code) \(error.name)") }
            report.reviews.append(ReviewItem(
                path: record.path, read: read, reasons: review.reasons, confirmCommand: commands.confirm(record.path),
                correctCommand: result.imeis.isEmpty && result.meid == nil ? nil : commands.correct(record.path, result: result),
                thumbnailJPEG: annotated(record)))
        }

        /// The report of every record added.
        public func finish() -> BatchReport {
            var out = report
            out.root = "/" + (folder ?? []).joined(separator: "/")
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
