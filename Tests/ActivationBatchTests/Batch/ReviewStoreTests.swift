@testable import ActivationBatch
@testable import ActivationPipeline
@testable import ActivationStorage
import Foundation
import TestSupport
import Testing

/// People's decisions in both stores: kept beside the machine's result (never over it), kept
/// when the store is closed and opened again and when the batch is run again, dropped from a
/// result whose file changed, and exported.
@Suite struct ReviewStoreTests {
    typealias Support = BatchTestSupport

    @Test(arguments: StoreBackend.available)
    func decisionsStayBesideTheResultThroughReopenAndResume(_ backend: StoreBackend) async throws {
        let fixture = try BatchFixture.make(corpusImages: 0, synthetic: 3)
        defer { fixture.remove() }
        let confirmed = fixture.root + "/synthetic-2.png", corrected = fixture.root + "/synthetic-0.png"
        try await backend.withLocation(file: "batch.sqlite") { location in
            let before = try await location.withStore(JobStores.self, logger: Support.quiet) { store in
                _ = try await store.enqueue(Support.expand([fixture.root]).files, retryFailed: false)
                let pool = BatchWorkerPool(store: store, options: Support.options(), makeReader: CountingReaders().factory, logger: Support.quiet)
                _ = try await pool.run(stop: StopFlag())
                let record = try #require(try await store.record(at: corrected))
                #expect(try await store.record(at: fixture.root + "/nowhere.png") == nil)
                try await store.addDecision(try ReviewDecision.confirm(by: "ana", atMs: 1_000, sha256: try await store.record(at: confirmed)?.sha256), for: confirmed)
                let correction = try ReviewDecision.correct(
                    "490154203237518", slot: nil, of: record.result, by: "bo", atMs: 2_000, sha256: record.sha256)
                try await store.addDecision(correction, for: corrected)
                return try await Support.allRecords(store)
            }
            try await location.withStore(JobStores.self, logger: Support.quiet) { store in
                // Opened again, and the same batch run again (a resume): nothing to read, the decisions kept.
                let report = try await store.enqueue(Support.expand([fixture.root]).files, retryFailed: false)
                #expect(report.added == 0)
                let readers = CountingReaders()
                _ = try await BatchWorkerPool(store: store, options: Support.options(), makeReader: readers.factory, logger: Support.quiet)
                    .run(stop: StopFlag())
                #expect(readers.reads.isEmpty)
                #expect(try await Support.allRecords(store) == before, "the machine's results are never written over")
                let decisions = try await store.decisions()
                #expect(decisions[confirmed]?.map(\.action) == [.confirm] && decisions[confirmed]?.first?.by == "ana")
                #expect(decisions[corrected]?.first?.imei == "490154203237518" && decisions[corrected]?.first?.atMs == 2_000)

                let book = try await BatchReviewBook.load(from: store)
                let record = try #require(try await store.record(at: corrected))
                #expect(book.status(of: record).decision?.by == "bo")
                #expect(book.status(of: record).settledIMEIs(of: record.result) == ["490154203237518"])

                let out = fixture.root + "-export.jsonl"
                defer { try? FileManager.default.removeItem(atPath: out) }
                var finder = RepeatedIMEI.Finder()
                _ = try await BatchExporter(store: store).export(to: out, format: .jsonl, finder: &finder)
                let line = try #require(try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").first { $0.contains("\"file\":\"\(corrected)\"") })
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                let review = try #require(object["review"] as? [String: Any])
                let decision = try #require((review["decisions"] as? [[String: Any]])?.first)
                #expect(decision["by"] as? String == "bo" && decision["action"] as? String == "correct" && decision["at"] as? String == "1970-01-01T00:00:02.000Z")
                #expect(review["needed"] as? Bool == false)
            }
            try await location.withStore(JobStores.self, logger: Support.quiet) { store in
                // The corrected file changes: its new reading is not what the person looked at.
                try BatchFixture.write(BatchFixture.pngSignature + Array("IMEI \(BatchFixture.imeiValue(42))".utf8), to: corrected)
                try Support.shiftModificationTime(corrected, by: -100)
                _ = try await store.enqueue(Support.expand([fixture.root]).files, retryFailed: false)
                _ = try await BatchWorkerPool(store: store, options: Support.options(), makeReader: CountingReaders().factory, logger: Support.quiet)
                    .run(stop: StopFlag())
                let book = try await BatchReviewBook.load(from: store)
                let record = try #require(try await store.record(at: corrected))
                #expect(book.decisionsByPath[corrected]?.count == 1, "the decision is still stored")
                #expect(book.status(of: record).decisions.isEmpty, "but no longer stands for the new content")
                let kept = try #require(try await store.record(at: confirmed))
                #expect(book.status(of: kept).decision?.action == .confirm)
            }
        }
    }

    @Test func theSQLiteMigrationAddsTheReviewTableToABatchOfBefore() async throws {
        let folder = NSTemporaryDirectory() + "migrate-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/old.sqlite"
        // A file as the version before wrote it: its tables, GRDB's record of v1, one finished
        // row. Made by Python's sqlite3, not by this code.
        let sql = """
            CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
            INSERT INTO grdb_migrations VALUES ('v1');
            CREATE TABLE batch_jobs (id INTEGER PRIMARY KEY AUTOINCREMENT, path TEXT NOT NULL UNIQUE, size INTEGER,
              mtime_ms INTEGER, sha256 TEXT, state TEXT NOT NULL DEFAULT 'queued', result_json TEXT, error_code INTEGER,
              imei_count INTEGER, duplicate_of TEXT, attempts INTEGER NOT NULL DEFAULT 0, writes INTEGER NOT NULL DEFAULT 0,
              lease_owner TEXT, lease_expires_ms INTEGER, enqueued_ms INTEGER NOT NULL, started_ms INTEGER,
              finished_ms INTEGER, duration_ms INTEGER);
            CREATE TABLE batch_contents (sha256 TEXT PRIMARY KEY, job_id INTEGER NOT NULL);
            INSERT INTO batch_jobs (path, sha256, state, result_json, enqueued_ms, attempts, writes)
              VALUES ('/x.png', 'ab', 'done', '{"error":null,"file":"/x.png","imeis":[],"meid":null}', 1, 1, 1);
            """
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", "-c", "import sqlite3, sys; db = sqlite3.connect(sys.argv[1]); db.executescript(sys.argv[2]); db.commit()", path, sql]
        try python.run()
        python.waitUntilExit()
        #expect(python.terminationStatus == 0)
        let store = try SQLiteJobStore(path: path)
        defer { try? store.close() }
        #expect(try await store.decisions().isEmpty)
        try await store.addDecision(try ReviewDecision.confirm(by: "ana", atMs: 5, sha256: "ab"), for: "/x.png")
        #expect(try await store.decisions()["/x.png"]?.first?.by == "ana")
        #expect(try await store.record(at: "/x.png")?.sha256 == "ab", "the results of before are read as they were")
    }
}
