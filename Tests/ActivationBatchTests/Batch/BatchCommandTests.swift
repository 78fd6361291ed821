@testable import ActivationBatch
@testable import ActivationPipeline
@testable import ActivationReader
@testable import ActivationStorage
import Foundation
import TestSupport
import Testing

/// `activation batch …` as a subprocess: kill -9 and resume, Ctrl-C, two workers with one
/// killed, export files. Serialized: each test times real processes.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct BatchCommandTests {
    typealias Support = BatchTestSupport

    /// A fixture plus a separate directory for the database, exports and process output.
    struct Workspace {
        let fixture: BatchFixture
        let directory: String

        init(corpusImages: Int = 8, synthetic: Int = 16) throws {
            fixture = try BatchFixture.make(corpusImages: corpusImages, synthetic: synthetic)
            directory = fixture.root + "-work"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }

        /// `@list` naming the fixture's missing path: a list entry that does not exist gets its own
        /// 4004 row (a command-line argument that does not exist is a usage error instead).
        func missingList() throws -> String {
            let list = directory + "/missing.txt"
            try (fixture.missing + "\n").write(toFile: list, atomically: true, encoding: .utf8)
            return "@" + list
        }

        func remove() {
            fixture.remove()
            try? FileManager.default.removeItem(atPath: directory)
        }
    }

    /// Polls `condition` every 50 ms until it holds, for up to `timeout`. Each wake-up checks
    /// before it looks at the clock: while synchronous tests hold every cooperative thread,
    /// a wake-up can come long after the deadline.
    static func eventually(timeout: Duration = .seconds(60), _ condition: () async throws -> Bool) async throws {
        let deadline = ContinuousClock.now + timeout
        while true {
            if (try? await condition()) == true { return }
            if ContinuousClock.now >= deadline { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("condition not met within \(timeout)")
        throw CancellationError()
    }

    @Test func killNineThenRerunRecordsEachFileExactlyOnce() async throws {
        let work = try Workspace()
        defer { work.remove() }
        let db = work.directory + "/batch.sqlite"
        let run = ["batch", "run", work.fixture.root, try work.missingList(), "--db", db, "--workers", "2", "--quiet"]
            + ActivationProcess.readerArguments
        // Each image held 1 s: once an image is seen running after a few finished, the kill lands
        // while it (and its neighbour's) is still in flight, however late the poll wakes.
        let first = try ActivationProcess.launch(run + ["--hold-ms", "1000"], in: work.directory, name: "first")
        try await Self.eventually {
            guard FileManager.default.fileExists(atPath: db) else { return false }
            let counts = try await SQLiteJobStore(path: db).counts()
            return counts.finished >= 3 && counts[.running] >= 1
        }
        first.signal(SIGKILL)
        _ = try await first.wait()
        #expect(first.process.terminationReason == .uncaughtSignal)

        let store = try SQLiteJobStore(path: db)
        let midway = try await store.counts()
        #expect(midway.pending > 0, "killed before the end")
        #expect(midway[.running] >= 1, "killed with images in flight")
        let before = try await Support.allRecords(store)

        let out = work.directory + "/results.jsonl"
        let second = try await ActivationProcess.run(run + ["--out", out], in: work.directory, name: "second")
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("already done"))
        let after = try await Support.allRecords(store)
        try Support.expectComplete(after, inputs: work.fixture.inputs)
        let byPath = Dictionary(uniqueKeysWithValues: after.map { ($0.path, $0) })
        for record in before { #expect(byPath[record.path] == record, "kept from before the kill") }
        #expect(after.filter { $0.attempts == 2 }.count == midway[.running], "the images in flight were taken back")

        let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
        let files = try lines.map { try JSONDecoder().decode(ScreenshotResult.self, from: Data($0.utf8)).file }
        #expect(files == work.fixture.inputs, "the export has each file once")
    }

    @Test func ctrlCFinishesImagesInFlightAndTheNextRunResumes() async throws {
        let work = try Workspace(corpusImages: 4, synthetic: 12)
        defer { work.remove() }
        let db = work.directory + "/batch.sqlite"
        let run = ["batch", "run", work.fixture.root, try work.missingList(), "--db", db, "--workers", "2"]
            + ActivationProcess.readerArguments
        // Each image held 600 ms: the run lasts seconds, so a late poll still finds it running.
        let first = try ActivationProcess.launch(run + ["--hold-ms", "600"], in: work.directory, name: "first")
        try await Self.eventually {
            // A run that ended on its own says why below (its status and stderr), not by a timeout.
            guard first.process.isRunning else { return true }
            guard FileManager.default.fileExists(atPath: db) else { return false }
            return try await SQLiteJobStore(path: db).counts().finished >= 3
        }
        first.signal(SIGINT)
        let status = try await first.wait()
        #expect(status == 130, "\(first.stderr)")
        #expect(first.stderr.contains("stopping"))
        #expect(first.stdout.contains("interrupted"))

        let store = try SQLiteJobStore(path: db)
        let stopped = try await store.counts()
        #expect(stopped[.running] == 0, "no image left in flight")
        #expect(stopped.pending > 0)

        let second = try await ActivationProcess.run(run + ["--quiet"], in: work.directory, name: "second")
        #expect(second.status == 0, "\(second.stderr)")
        let records = try await Support.allRecords(store)
        try Support.expectComplete(records, inputs: work.fixture.inputs)
        #expect(records.allSatisfy { $0.attempts == 1 }, "nothing had to be taken back")

        let status2 = try await ActivationProcess.run(["batch", "status", "--db", db, "--json"], in: work.directory, name: "status")
        let counts = try await store.counts()
        let body = try #require(try JSONSerialization.jsonObject(with: Data(status2.stdout.utf8)) as? [String: Any])
        #expect(body["total"] as? Int == work.fixture.inputs.count)
        #expect((body["states"] as? [String: Int])?["done"] == counts[.done])
        #expect(body["duplicates"] as? Int == work.fixture.copies.count)
        let table = try await ActivationProcess.run(["batch", "status", "--db", db], in: work.directory, name: "table")
        #expect(table.stdout.contains("4004"))
    }

    @Test func exportWritesJSONLinesAndCSVFromTheCommandLine() async throws {
        let work = try Workspace(corpusImages: 2, synthetic: 4)
        defer { work.remove() }
        let db = work.directory + "/batch.sqlite"
        let list = work.directory + "/list.txt"
        try (work.fixture.inputs + work.fixture.inputs.prefix(2)).joined(separator: "\n")
            .write(toFile: list, atomically: true, encoding: .utf8)
        let enqueue = try await ActivationProcess.run(["batch", "enqueue", "@" + list, "--db", db], in: work.directory, name: "enqueue")
        #expect(enqueue.status == 0 && enqueue.stdout.contains("\(work.fixture.inputs.count) new"))
        let worker = try await ActivationProcess.run(
            ["batch", "work", "--db", db, "--quiet"] + ActivationProcess.readerArguments, in: work.directory, name: "work")
        #expect(worker.status == 0, "\(worker.stderr)")
        #expect(!worker.stdout.contains(BatchFixture.imeiValue(0)), "no full IMEI in the summary")

        for (name, format) in [("out.jsonl", "jsonl"), ("out.csv", "csv"), ("out.data", "csv")] {
            var arguments = ["batch", "export", "--db", db, "--out", work.directory + "/" + name]
            if name.hasSuffix(".data") { arguments += ["--format", format] }
            let export = try await ActivationProcess.run(arguments, in: work.directory, name: "export-\(name)")
            #expect(export.status == 0, "\(export.stderr)")
            let text = try String(contentsOfFile: work.directory + "/" + name, encoding: .utf8)
            if format == "jsonl" {
                #expect(text.split(separator: "\n").count == work.fixture.inputs.count)
            } else {
                let rows = text.components(separatedBy: "\r\n").dropLast()
                #expect(rows.count == work.fixture.inputs.count + 1)
                #expect(rows.first == BatchCSV.columns.joined(separator: ","))
                #expect(rows.dropFirst().map { String($0.prefix { $0 != "," }) } == work.fixture.inputs)
            }
        }
        let bad = try await ActivationProcess.run(["batch", "export", "--db", db, "--out", "x.txt"], in: work.directory, name: "bad")
        #expect(bad.status != 0 && bad.stderr.contains(".jsonl or .csv"))
    }

    @Test func runWithAnUnwritableOutFailsBeforeReading() async throws {
        let work = try Workspace(corpusImages: 2, synthetic: 4)
        defer { work.remove() }
        let db = work.directory + "/batch.sqlite"
        let out = work.directory + "/no-such-folder/results.jsonl"
        let start = ContinuousClock.now
        let run = try await ActivationProcess.run(
            ["batch", "run", work.fixture.root, "--db", db, "--out", out, "--quiet"] + ActivationProcess.readerArguments,
            in: work.directory, name: "unwritable")
        #expect(run.status != 0)
        #expect(run.stderr.contains(out) && run.stderr.contains("BATCH_EXPORT_WRITE"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: db), "no input was queued, none read")
        #expect(ContinuousClock.now - start < .seconds(60), "fails at once, not after the batch")
    }

    @Test(.enabled(if: TestPostgres.baseURL != nil, "set ACTIVATION_TEST_POSTGRES_URL (scripts/with-postgres.sh)"))
    func twoWorkersOneKilledStillRecordEachFileExactlyOnce() async throws {
        let work = try Workspace(corpusImages: 8, synthetic: 20)
        defer { work.remove() }
        let queue = try TestPostgres.freshURL()
        let enqueue = try await ActivationProcess.run(
            ["batch", "enqueue", work.fixture.root, try work.missingList(), "--queue", queue], in: work.directory, name: "enqueue")
        #expect(enqueue.status == 0, "\(enqueue.stderr)")
        let worker = ["batch", "work", "--queue", queue, "--workers", "1", "--lease", "2", "--quiet"]
            + ActivationProcess.readerArguments
        // The doomed worker holds each image 5 s, far longer than the poll and the kill take, so
        // once it is seen holding one, the kill lands mid-image whatever the machine's load.
        let doomed = try ActivationProcess.launch(worker + ["--hold-ms", "5000"], in: work.directory, name: "doomed")
        let survivor = try ActivationProcess.launch(worker + ["--hold-ms", "150"], in: work.directory, name: "survivor")

        try await PostgresJobStore.withStore(try PostgresURL(parsing: queue), logger: Support.quiet) { store in
            let doomedPid = doomed.process.processIdentifier
            try await Self.eventually {
                try await store.runningOwners().contains { LeaseOwner(parsing: $0)?.pid == doomedPid }
            }
            doomed.signal(SIGKILL)
            _ = try await doomed.wait()

            let status = try await survivor.wait()
            #expect(status == 0, "\(survivor.stderr)")
            let records = try await Support.allRecords(store)
            try Support.expectComplete(records, inputs: work.fixture.inputs)
            #expect(records.contains { $0.attempts == 2 }, "the killed worker's image went to the other after its lease expired")
            #expect(try await store.pendingCount() == 0)
        }
        let export = try await ActivationProcess.run(
            ["batch", "export", "--queue", queue, "--out", work.directory + "/all.csv"], in: work.directory, name: "export")
        #expect(export.status == 0, "\(export.stderr)")
        let rows = try String(contentsOfFile: work.directory + "/all.csv", encoding: .utf8).components(separatedBy: "\r\n")
        #expect(rows.dropLast().count == work.fixture.inputs.count + 1)
    }
}
