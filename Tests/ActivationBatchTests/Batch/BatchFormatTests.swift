@testable import ActivationBatch
@testable import ActivationPipeline
@testable import ActivationReader
@testable import ActivationStorage
import Foundation
import TestSupport
import Testing

/// What the batch prints and writes: masks, CSV, JSON lines, progress, summary, queue URLs.
@Suite struct BatchFormatTests {
    static let imei = "352099001761481"

    static func record(_ path: String, imeis: [String], error: OAError? = nil, duplicateOf: String? = nil) -> BatchRecord {
        let readings = imeis.map {
            IMEIReading(value: $0, label: "IMEI", slot: nil, softwareVersion: nil, confidence: 0.9, box: [1, 2, 3, 4], corrected: false)
        }
        let result = ScreenshotResult(file: path, imeis: error == nil ? readings : [], meid: nil, error: error)
        return BatchRecord(
            result: result, state: JobState.finalState(for: result), sha256: "ab", bytes: 12, durationMs: 7,
            duplicateOf: duplicateOf, attempts: 1, writes: 1)
    }

    @Test func masksKeepTheTACOnly() {
        #expect(IMEIMask.mask(Self.imei) == "35209900*******")
        #expect(IMEIMask.mask("1234") == "****")
    }

    @Test func csvQuotesWhatNeedsQuoting() {
        #expect(BatchCSV.quote("plain") == "plain")
        #expect(BatchCSV.quote("a,b") == "\"a,b\"")
        #expect(BatchCSV.quote("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(BatchCSV.quote("two\nlines") == "\"two\nlines\"")
        let row = BatchCSV.row(Self.record("/d/a,b.png", imeis: [Self.imei, "490154203237518", "79927398713"]))
        let readings = ",IMEI,,0.9,false,text,IMEI,,0.9,false,text"
        #expect(row == "\"/d/a,b.png\",done,\(Self.imei),490154203237518,79927398713,,,,,ab,12,7," + readings + String(repeating: ",", count: 10) + "\r\n")
        let failed = BatchCSV.row(Self.record("/d/x.png", imeis: [], error: .unableToDoOCR, duplicateOf: "/d/w.png"))
        #expect(failed == "/d/x.png,failed,,,,,4001,ERROR_UNABLE_TO_DO_OCR,,ab,12,7,/d/w.png" + String(repeating: ",", count: 20) + "\r\n")
        #expect(BatchCSV.header.split(separator: ",").count == BatchCSV.columns.count)
    }

    @Test func csvCarriesEveryFieldTheReviewAndNoFormula() throws {
        var record = Self.record("/d/=HYPERLINK(1).png", imeis: [])
        record.result.imeis = [
            IMEIReading(value: Self.imei, label: "IMEI1", slot: 1, softwareVersion: nil, confidence: 0.884, box: [1, 2, 3, 4],
                        corrected: true, channels: ["deep", "barcode"]),
        ]
        record.result.serialNumber = LabelField(value: "84H1G87XFR7V", channels: ["deep"])
        record.result.eid = LabelField(value: "89049032624609496352505763520976", channels: ["deep", "barcode"])
        let decision = try ReviewDecision.correct("490154203237518", slot: 1, of: record.result, by: "@ana", atMs: 1_764_093_845_123, sha256: "ab")
        let review = ReviewStatus(reasons: ReviewRules.reasons(for: record.result, evidence: nil), decisions: [decision])
        let fields = BatchCSV.row(record, review: review).dropLast().split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        #expect(fields.count == BatchCSV.columns.count)
        let byColumn = Dictionary(uniqueKeysWithValues: zip(BatchCSV.columns, fields))
        #expect(byColumn["file"] == "/d/=HYPERLINK(1).png", "an absolute path starts with /: no formula")
        #expect(byColumn["imei1_label"] == "IMEI1" && byColumn["imei1_slot"] == "1" && byColumn["imei1_confidence"] == "0.884")
        #expect(byColumn["imei1_corrected"] == "true" && byColumn["imei1_channels"] == "deep;barcode")
        #expect(byColumn["serial_number"] == "84H1G87XFR7V" && byColumn["eid_channels"] == "deep;barcode")
        #expect(byColumn["review_needed"] == "false" && byColumn["review_reasons"] == "BARCODE_DISAGREED;LOW_CONFIDENCE")
        #expect(byColumn["review_decision"] == "correct" && byColumn["review_imeis"] == "490154203237518")
        #expect(byColumn["review_by"] == "'@ana", "a name a spreadsheet would run is defused")
        #expect(byColumn["review_at"] == "2025-11-25T18:04:05.123Z")
        #expect(BatchCSV.defused("=1+2") == "'=1+2" && BatchCSV.defused("-3") == "'-3" && BatchCSV.defused("+x") == "'+x")
        #expect(BatchCSV.defused("\tcmd") == "'\tcmd" && BatchCSV.defused("plain") == "plain" && BatchCSV.defused("") == "")
    }

    @Test func jsonLinesCarryTheReviewAndNotTheStoredEvidence() throws {
        var record = Self.record("/d/a.png", imeis: [Self.imei])
        record.result.evidence = ReviewEvidence(photo: true, unreadLabels: ["IMEI2: no value"])
        let review = ReviewStatus(reasons: ReviewRules.reasons(for: record.result, evidence: record.result.evidence), decisions: [])
        let line = try record.jsonLine(review: review)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["evidence"] == nil)
        let body = try #require(object["review"] as? [String: Any])
        #expect(body["needed"] as? Bool == true)
        let codes = (body["reasons"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
        #expect(codes == ["SINGLE_CHANNEL_PHOTO", "LABEL_UNREAD"])
        #expect((body["decisions"] as? [Any])?.isEmpty == true)
        #expect(line.contains(#""duplicateOf":null,"review":{"#), "review comes last, after the keys of before")
    }

    @Test func jsonLinesAreTheReaderObjectPlusFourKeys() throws {
        let record = Self.record("/d/\"quoted\".png", imeis: [Self.imei], duplicateOf: "/d/first.png")
        let line = try record.jsonLine()
        #expect(line.hasPrefix(String(try BatchJSON.encode(record.result).dropLast()) + ","))
        #expect(line.hasSuffix(#""sha256":"ab","bytes":12,"durationMs":7,"duplicateOf":"/d/first.png"}"#))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["file"] as? String == "/d/\"quoted\".png")
        #expect(try JSONDecoder().decode(ScreenshotResult.self, from: Data(line.utf8)) == record.result)
        var missing = record
        missing.sha256 = nil
        missing.duplicateOf = nil
        #expect(try missing.jsonLine().hasSuffix(#""sha256":null,"bytes":12,"durationMs":7,"duplicateOf":null}"#))
        #expect(BatchJSON.quote("a\u{1}\tb\\") == #""a\u0001\tb\\""#)
    }

    @Test func exportFormatComesFromTheExtension() {
        #expect(BatchExportFormat(pathExtensionOf: "out/x.JSONL") == .jsonl)
        #expect(BatchExportFormat(pathExtensionOf: "x.ndjson") == .jsonl)
        #expect(BatchExportFormat(pathExtensionOf: "x.csv") == .csv)
        #expect(BatchExportFormat(pathExtensionOf: "x.txt") == nil)
        #expect(BatchExportFormat(pathExtensionOf: "dir.csv/x") == nil)
    }

    @Test func progressShowsDoneTotalRateEtaFailures() {
        let progress = BatchProgress(finished: 50, total: 200, failed: 3, recordedThisRun: 40, elapsedSeconds: 20)
        #expect(progress.imagesPerSecond == 2)
        #expect(progress.etaSeconds == 75)
        #expect(progress.logLine == "batch: 50/200 finished (25%), 2.0 images/s, ETA 1m15s, 3 failed")
        let bar = progress.bar(width: 80)
        #expect(bar.count <= 80)
        #expect(bar.hasPrefix("[") && bar.contains("50/200") && bar.contains("3 failed"))
        #expect(BatchProgress(finished: 0, total: 5, failed: 0, recordedThisRun: 0, elapsedSeconds: 1).etaSeconds == nil)
        #expect(BatchProgress.duration(3725) == "1h02m")
        #expect(BatchProgress.duration(4.25) == "4.2s" || BatchProgress.duration(4.25) == "4.3s")
    }

    @Test func summaryListsRepeatedIMEIsMaskedNeverInFull() {
        var finder = RepeatedIMEI.Finder()
        finder.add(Self.record("/d/a.png", imeis: [Self.imei]))
        finder.add(Self.record("/d/b.png", imeis: [Self.imei, "490154203237518"]))
        finder.add(Self.record("/d/c.png", imeis: [Self.imei], duplicateOf: "/d/a.png"))  // a copy: not a new upload
        finder.add(Self.record("/d/d.png", imeis: ["490154203237518"]))
        finder.add(Self.record("/d/e.png", imeis: ["79927398713"]))
        let repeated = finder.repeated()
        #expect(repeated.map(\.value) == ["352099001761481", "490154203237518"])
        #expect(repeated[0].paths == ["/d/a.png", "/d/b.png"])

        var counts = BatchCounts()
        counts.add(state: .done, errorCode: nil, count: 4, duplicates: 1)
        counts.add(state: .failed, errorCode: 4001, count: 1, duplicates: 0)
        var summary = BatchSummary(location: "test.sqlite", counts: counts)
        summary.repeated = repeated
        var tally = BatchTally()
        tally.record(BatchEvent(kind: .read, path: "/d/a.png", state: .done, errorCode: nil, durationMs: 120))
        summary.tally = tally
        summary.elapsedSeconds = 2
        summary.problems = ["cannot read directory /d/locked"]
        let text = summary.render()
        #expect(!text.contains(Self.imei) && !text.contains("490154203237518"))
        #expect(text.contains("35209900*****81  in 2 uploads: a.png, b.png"))
        #expect(text.contains("4001") && text.contains("ERROR_UNABLE_TO_DO_OCR"))
        #expect(text.contains("p50 120 ms, p95 120 ms"))
        #expect(text.contains("problem: cannot read directory /d/locked"))
    }

    @Test func repeatedIMEIsOfOneModelStayDistinguishable() {
        // Two phones of one model (same TAC): each repeated IMEI gets its own line.
        var finder = RepeatedIMEI.Finder()
        for path in ["/d/a.png", "/d/b.png"] { finder.add(Self.record(path, imeis: ["354636101234568", "354636109876543"])) }
        var summary = BatchSummary(location: "test.sqlite", counts: BatchCounts())
        summary.repeated = finder.repeated()
        let lines = summary.render().split(separator: "\n").filter { $0.contains("in 2 uploads") }
        #expect(lines.count == 2)
        #expect(Set(lines).count == 2)
        #expect(lines.contains { $0.contains("35463610*****68") } && lines.contains { $0.contains("35463610*****43") })
        #expect(!lines.contains { $0.contains("354636101234568") || $0.contains("354636109876543") })
    }

    /// Repeated IMEIs are named below their uploads' common folder (a bare name is ambiguous
    /// across folders), and a name's control characters never reach the terminal raw.
    @Test func repeatedUploadsAreNamedBelowTheirCommonFolderAndEscaped() {
        var summary = BatchSummary(location: "test.sqlite", counts: BatchCounts())
        summary.repeated = [RepeatedIMEI(value: "354636101234568", paths: ["/up/2026/a/shot.png", "/up/2026/b/shot.png", "/up/2026/b/\u{1B}]0;x\u{07}.png"])]
        let text = summary.render()
        #expect(text.contains("in 3 uploads: a/shot.png, b/shot.png, $'b/\\e]0;x\\a.png'"), "\(text)")
        #expect(!text.contains("\u{1B}") && !text.contains("\u{07}"))
        summary.repeated = [RepeatedIMEI(value: "354636101234568", paths: ["shots/a.png", "shots/b.png"])]
        #expect(summary.render().contains("in 2 uploads: a.png, b.png"))
    }

    @Test func queueURLsParse() throws {
        let url = try PostgresURL(parsing: "postgres://me:s%40cret@db.example:6543/jobs?sslmode=require&schema=batch_1")
        #expect(url.host == "db.example" && url.port == 6543 && url.username == "me" && url.password == "s@cret")
        #expect(url.database == "jobs" && url.tls == .require && url.schema == "batch_1")
        #expect(!url.redacted.contains("cret"))
        let local = try PostgresURL(parsing: "postgresql://127.0.0.1/db")
        #expect(local.tls == .disable && local.port == 5432 && local.username == "postgres")
        let socket = try PostgresURL(parsing: "postgres://me@/db?host=/tmp/pg&sslmode=disable")
        #expect(socket.unixSocketPath == "/tmp/pg/.s.PGSQL.5432")
        #expect(try PostgresURL(parsing: "postgres://remote.example/db").tls == .prefer)
        for bad in ["mysql://h/db", "postgres://h", "postgres://h/db?schema=Robert');DROP", "postgres://h/db?sslmode=maybe", "nonsense"] {
            #expect(throws: BatchError.self, "\(bad)") { try StoreLocation.batch(db: nil, queue: bad) }
        }
    }

    @Test func storeLocationFromOptions() throws {
        #expect(try StoreLocation.batch(db: nil, queue: nil) == .sqlite(path: "activation-batch.sqlite"))
        #expect(try StoreLocation.batch(db: "x.sqlite", queue: nil) == .sqlite(path: "x.sqlite"))
        #expect(try StoreLocation.batch(db: nil, queue: "postgres://h/d") == .postgres(try PostgresURL(parsing: "postgres://h/d")))
        #expect(throws: BatchError.self) { try StoreLocation.batch(db: "x", queue: "postgres://h/d") }
    }
}
