@testable import ActivationBatch
import ActivationPipeline
import Foundation
import Testing

/// The report's values and its HTML, from records alone (no store, no browser).
@Suite struct BatchReportHTMLTests {
    static func record(_ path: String, imeis: [String] = [], error: OAError? = nil, ms: Int = 100, duplicateOf: String? = nil) -> BatchRecord {
        let readings = imeis.map {
            IMEIReading(value: $0, label: "IMEI", slot: nil, softwareVersion: nil, confidence: 1, box: [0, 0, 1, 1], corrected: false)
        }
        return BatchRecord(
            result: ScreenshotResult(file: path, imeis: readings, meid: nil, error: error), state: error == nil ? .done : .failed,
            sha256: nil, bytes: 1, durationMs: ms, duplicateOf: duplicateOf, attempts: 1, writes: 1,
            startedMs: 1_000, finishedMs: 1_000 + ms)
    }

    @Test func failuresPastTheCapAreCountedNotShown() {
        var counts = BatchCounts()
        counts.add(state: .failed, errorCode: 4001, count: 600, duplicates: 0)
        var thumbnails = 0
        var collector = BatchReport.Collector(location: "x.sqlite", counts: counts) { _ in thumbnails += 1; return [0xFF, 0xD8, 0xFF, 0xD9] }
        for i in 0..<600 { collector.add(Self.record(String(format: "/u/%04d.png", i), error: .unableToDoOCR.with(detail: "no IMEI label found"))) }
        let report = collector.finish()
        #expect(report.failures.count == 500 && report.failureCount == 600 && thumbnails == 500)
        let html = BatchReportHTML.render(report)
        #expect(html.contains("Showing the first 500 of 600 failures."))
        #expect(html.components(separatedBy: "<figure").count - 1 == 500)
        #expect(html.contains("src=\"data:image/jpeg;base64,/9j/2Q==\""))
    }

    @Test func speedRepeatedAndDuplicatesAndNothingExternalOrUnescaped() {
        var counts = BatchCounts()
        counts.add(state: .done, errorCode: nil, count: 4, duplicates: 1)
        counts.add(state: .failed, errorCode: 4005, count: 1, duplicates: 0)
        var collector = BatchReport.Collector(location: "x.sqlite", counts: counts) { _ in nil }
        collector.add(Self.record("/u/a.png", imeis: ["354636101234568", "354636109876543"], ms: 100))
        collector.add(Self.record("/u/b.png", imeis: ["354636101234568", "354636109876543"], ms: 300))
        collector.add(Self.record("/u/c.png", imeis: ["354636101234568"], ms: 5, duplicateOf: "/u/a.png"))
        collector.add(Self.record("/u/d.png", ms: 2500))
        collector.add(Self.record("/u/<script>x.png", error: .screenshotLoad.with(detail: "truncated & \"bad\""), ms: 10))
        let report = collector.finish()
        #expect(report.p50Ms == 100 && report.p95Ms == 2500, "copies are not reads")
        #expect(report.histogram.first { $0.fromMs == 100 }?.count == 1 && report.histogram.first { $0.fromMs == 2000 }?.count == 1)
        #expect(report.imagesPerSecond == 5 * 1000 / 2500.0)
        #expect(report.duplicates == [BatchReport.DuplicatePair(copy: "/u/c.png", original: "/u/a.png")])
        let html = BatchReportHTML.render(report)
        #expect(html.contains("35463610*****68") && html.contains("35463610*****43"))
        #expect(!html.contains("354636101234568") && !html.contains("354636109876543"))
        #expect(Self.onlyTheInlineScript(html) && html.contains("<span class=\"file\">&lt;script&gt;x.png</span>") && html.contains("truncated &amp; &quot;bad&quot;"))
        #expect(!html.contains("http:") && !html.contains("https:") && !html.contains("//"), "no external URL")
        #expect(html.contains("<div class=\"nothumb\">no picture</div>"))
        #expect(html.contains("id=\"code-4005\">1<"))
    }
}

/// The report as a review page: the results that need a person first, then every result.
@Suite struct BatchReportReviewPageTests {
    @Test func needsReviewComesFirstThenEveryResultBelowTheRootMaskedAndFilterable() throws {
        var counts = BatchCounts()
        counts.add(state: .done, errorCode: nil, count: 3, duplicates: 0)
        counts.add(state: .failed, errorCode: 4001, count: 1, duplicates: 0)
        var low = BatchReportHTMLTests.record("/up/a/low.png", imeis: ["352099001761481"])
        low.result.imeis[0].confidence = 0.8
        low.sha256 = "aa"
        var decided = BatchReportHTMLTests.record("/up/b/decided.png", imeis: ["490154203237518"])
        decided.result.imeis[0].corrected = true
        decided.sha256 = "bb"
        let book = BatchReviewBook(repeated: [], decisionsByPath: [
            "/up/b/decided.png": [ReviewDecision(action: .confirm, imei: nil, slot: nil, by: "ana", atMs: 0, sha256: "bb")],
        ])
        var pictures: [String] = []
        var collector = BatchReport.Collector(
            location: "batch.sqlite", counts: counts, book: book, commands: ReviewCommands(store: "batch.sqlite", isFile: true),
            annotated: { pictures.append($0.path); return [0xFF, 0xD8, 0xFF, 0xD9] }, thumbnail: { _ in nil })
        for record in [low, decided, BatchReportHTMLTests.record("/up/b/fine.png", imeis: ["354636101234568"]),
                       BatchReportHTMLTests.record("/up/none.png", error: .unableToDoOCR)] {
            collector.add(record)
        }
        var report = collector.finish()
        report.generated = "2026-11-25T18:00:00.000Z"
        report.command = "activation batch report --db batch.sqlite --out r.html"
        #expect(report.root == "/up")
        #expect(report.reviewCount == 1 && report.reviews.map(\.path) == ["/up/a/low.png"])
        #expect(pictures == ["/up/a/low.png"], "only results that need review get an annotated picture")
        #expect(report.rows.count == 4)
        #expect(report.rows.first { $0.path == "/up/b/decided.png" }?.review == "confirmed by ana")

        let html = BatchReportHTML.render(report)
        let needs = try #require(html.range(of: "Needs review"))
        let results = try #require(html.range(of: "<table id=\"results\""))
        let totals = try #require(html.range(of: "<h2>Totals"))
        #expect(needs.lowerBound < results.lowerBound && results.lowerBound < totals.lowerBound, "review first, then every result")
        #expect(html.contains("<img class=\"shot\"") && html.contains("LOW_CONFIDENCE"))
        #expect(html.contains("activation batch review --db batch.sqlite --confirm /up/a/low.png --by NAME"))
        #expect(html.contains("--correct /up/a/low.png --imei IMEI --by NAME"))
        #expect(html.contains("<td class=\"file\">a/low.png</td>") && html.contains("<td class=\"file\">none.png</td>"), "relative to the root")
        #expect(html.contains("35209900*******") && !html.contains("352099001761481") && !html.contains("490154203237518"))
        #expect(html.contains("id=\"f-review\"") && html.contains("#f-review:checked~table tr.res:not(.review)"))
        #expect(html.contains("<tr class=\"res done review\">") && html.contains("<tr class=\"res done decided\">"))
        #expect(html.contains("id=\"version\">\(ProductVersion.current)<") && html.contains("2026-11-25T18:00:00.000Z"))
        #expect(BatchReportHTMLTests.onlyTheInlineScript(html) && !html.contains("http:") && !html.contains("https:"))
    }
}

extension BatchReportHTMLTests {
    /// Whether the page's one script is the report's own inline one (`BatchReportScript`): a
    /// file name such as `<script>x.png` must come out escaped, and nothing is loaded.
    static func onlyTheInlineScript(_ html: String) -> Bool {
        html.components(separatedBy: "<script").count == 2 && html.contains("<script>\(BatchReportScript.source)</script>")
            && !html.contains("<script src")
    }
}
