@testable import ActivationBatch
@testable import ActivationPipeline
@testable import ActivationReader
@testable import ActivationStorage
import Foundation
import Synchronization
import TestSupport
import Testing

/// What every `JobStore` must do; run against a real SQLite file and a real PostgreSQL.
enum JobStoreScenarios {
    typealias Support = BatchTestSupport

    /// A full run over a folder (nested dirs, copies, bad files, a missing path) records each
    /// input exactly once, reads each content once, and marks copies as duplicates.
    static func fullRunRecordsEachInputOnce(_ store: any JobStore) async throws {
        let fixture = try BatchFixture.make()
        defer { fixture.remove() }
        let expansion = Support.expand([fixture.root, fixture.missing])
        #expect(expansion.files.map(\.path).sorted() == fixture.inputs)
        #expect(expansion.skippedNonImages == 1)  // notes.txt; .hidden.png is not even looked at
        let report = try await store.enqueue(expansion.files, retryFailed: false)
        #expect(report.added == fixture.inputs.count)

        let readers = CountingReaders()
        let pool = BatchWorkerPool(store: store, options: Support.options(), makeReader: readers.factory, logger: Support.quiet)
        let tally = try await pool.run(stop: StopFlag())
        #expect(tally.recorded == fixture.inputs.count)

        let records = try await Support.allRecords(store)
        try Support.expectComplete(records, inputs: fixture.inputs, reads: readers.reads)
        let counts = try await store.counts()
        #expect(counts.total == fixture.inputs.count)
        #expect(counts.pending == 0)
        #expect(counts.duplicates == fixture.copies.count)
        #expect(counts.byErrorCode[OAError.screenshotFetch.code] == 1)  // missing.png
        #expect(counts.byErrorCode.values.reduce(0, +) == counts[.failed])

        // Enqueueing the same inputs again adds nothing, and a run reads nothing.
        let again = try await store.enqueue(expansion.files, retryFailed: false)
        #expect(again.alreadyFinished == fixture.inputs.count && again.added == 0)
        let second = try await pool.run(stop: StopFlag())
        #expect(second.recorded == 0)
        #expect(try await Support.allRecords(store) == records)
    }

    /// A stop mid-run finishes the images in flight; a new pool resumes, and across both runs
    /// every content is read once and every input recorded once; results from the first run
    /// stay as they were.
    static func stopThenResumeReadsEachContentOnce(_ store: any JobStore) async throws {
        let fixture = try BatchFixture.make()
        defer { fixture.remove() }
        _ = try await store.enqueue(Support.expand([fixture.root, fixture.missing]).files, retryFailed: false)
        let readers = CountingReaders()
        let stop = StopFlag()
        let seen = Mutex(0)
        let first = BatchWorkerPool(
            store: store, options: Support.options(hold: .milliseconds(20)), makeReader: readers.factory,
            logger: Support.quiet)
        _ = try await first.run(stop: stop) { event in
            if event.kind == .read, seen.withLock({ $0 += 1; return $0 }) >= 3 { stop.request() }
        }
        let midway = try await store.counts()
        #expect(midway[.running] == 0, "a stop leaves nothing in flight")
        #expect(midway.finished >= 3)
        #expect(midway.pending > 0)
        let before = try await Support.allRecords(store)

        let second = BatchWorkerPool(
            store: store, options: Support.options(), makeReader: readers.factory, logger: Support.quiet)
        _ = try await second.run(stop: StopFlag())
        let after = try await Support.allRecords(store)
        try Support.expectComplete(after, inputs: fixture.inputs, reads: readers.reads)
        let byPath = Dictionary(uniqueKeysWithValues: after.map { ($0.path, $0) })
        for record in before { #expect(byPath[record.path] == record) }
    }

    /// Inputs held by a process that died (kill -9) are taken back at once by the next run,
    /// counted as a second attempt, and recorded once.
    static func abandonedLeasesAreTakenBack(_ store: any JobStore) async throws {
        let fixture = try BatchFixture.make(corpusImages: 0, synthetic: 3)
        defer { fixture.remove() }
        _ = try await store.enqueue(Support.expand([fixture.root]).files, retryFailed: false)
        let dead = Support.deadOwner()
        let held = try #require(try await store.claim(owner: dead, lease: .seconds(600), maxAttempts: 3))
        #expect(try await store.runningOwners() == [dead])

        let readers = CountingReaders()
        let pool = BatchWorkerPool(store: store, options: Support.options(), makeReader: readers.factory, logger: Support.quiet)
        #expect(try await pool.reclaimAbandoned() == 1)
        _ = try await pool.run(stop: StopFlag())
        let records = try await Support.allRecords(store)
        try Support.expectComplete(records, inputs: fixture.inputs.filter { $0 != fixture.missing }, reads: readers.reads)
        #expect(records.first { $0.path == held.path }?.attempts == 2)
    }

    /// An expired lease goes to another worker; the first worker's late writes are refused,
    /// so the result is written exactly once. Time is the store's moved clock, not a sleep.
    static func expiredLeaseIsWrittenOnceByTheNewOwner(_ real: any JobStore) async throws {
        let fixture = try BatchFixture.make(corpusImages: 0, synthetic: 1)
        defer { fixture.remove() }
        let path = fixture.root + "/synthetic-0.png"
        let time = MovedJobClock(), store = real.clocked(by: time.clock)
        _ = try await store.enqueue(Support.expand([path]).files, retryFailed: false)
        let a = try #require(try await store.claim(owner: "host:1:a:0", lease: .seconds(3), maxAttempts: 3))
        time.advance(by: .milliseconds(2999))
        #expect(try await store.claim(owner: "host:1:b:0", lease: .seconds(30), maxAttempts: 3) == nil,
                "a live lease was handed to another worker")
        time.advance(by: .milliseconds(2))
        let b = try #require(try await store.claim(owner: "host:1:b:0", lease: .seconds(30), maxAttempts: 3))
        #expect(b.id == a.id && b.attempts == 2)

        let sha = try #require(BatchFixture.sha256(path))
        let result = try Oracle().expected(path: path)
        let outcome = JobOutcome(result: result, sha256: sha, bytes: 1, durationMs: 5, duplicateOf: nil)
        #expect(try await store.register(a, sha256: sha, bytes: 1, durationMs: 1) == .leaseLost)
        #expect(try await store.finish(a, outcome, maxAttempts: 3) == .leaseLost)
        #expect(try await store.register(b, sha256: sha, bytes: 1, durationMs: 1) == .primary)
        #expect(try await store.finish(b, outcome, maxAttempts: 3) == .recorded(JobState.finalState(for: result), copies: 0))
        #expect(try await store.finish(b, outcome, maxAttempts: 3) == .leaseLost, "a second write is refused")
        let record = try #require(try await Support.allRecords(store).first)
        #expect(record.writes == 1 && record.attempts == 2 && record.result == result)
    }

    /// A worker renews its lease while it reads, so a short lease does not hand a slow image
    /// to another worker; a renewal by a worker that lost its lease is refused.
    static func leasesAreRenewedWhileReading(_ real: any JobStore) async throws {
        let fixture = try BatchFixture.make(corpusImages: 0, synthetic: 5)
        defer { fixture.remove() }
        _ = try await real.enqueue(Support.expand([fixture.root]).files, retryFailed: false)

        // The lease is judged by the store's clock, moved by hand: renewed at 8 s (before the
        // first lease ends at 16 s), checked at 18 s (after it, before the renewal ends at 24 s),
        // and expired at 24 s.
        let time = MovedJobClock(), store = real.clocked(by: time.clock)
        let a = try #require(try await store.claim(owner: "host:1:a:0", lease: .seconds(16), maxAttempts: 3))
        time.advance(by: .seconds(8))
        #expect(try await store.renew(a, lease: .seconds(16)))
        time.advance(by: .seconds(10))
        let next = try await store.claim(owner: "host:1:b:0", lease: .seconds(30), maxAttempts: 3)
        #expect(next?.id != a.id, "the renewed lease still holds")
        time.advance(by: .milliseconds(5999))
        let early = try await store.claim(owner: "host:1:c:0", lease: .seconds(30), maxAttempts: 3)
        #expect(early?.id != a.id, "the renewal holds to its last millisecond")
        time.advance(by: .milliseconds(2))
        let taken = try #require(try await store.claim(owner: "host:1:c:0", lease: .seconds(30), maxAttempts: 3))
        #expect(taken.id == a.id, "without renewal it expires")
        #expect(try await store.renew(a, lease: .seconds(30)) == false)
        for job in [next, early, taken].compactMap({ $0 }) {
            let outcome = JobOutcome(
                result: .failure(job.path, .unknown), sha256: nil, bytes: nil, durationMs: 1, duplicateOf: nil)
            _ = try await store.finish(job, outcome, maxAttempts: 1)
        }

        // Two pools on the real clock, leases shorter than one image: renewal keeps them,
        // nothing is read twice.
        let readers = CountingReaders()
        // Four real readers share two cores here: renewals (every third of the lease) must
        // survive a starved second or two, so the lease is 3 s against a 4 s image.
        var options = Support.options(workers: 2, hold: .milliseconds(4000))
        options.lease = .seconds(3)
        async let first = BatchWorkerPool(store: real, options: options, makeReader: readers.factory, logger: Support.quiet)
            .run(stop: StopFlag())
        async let second = BatchWorkerPool(store: real, options: options, makeReader: readers.factory, logger: Support.quiet)
            .run(stop: StopFlag())
        let (one, two) = try await (first, second)
        #expect(one.leaseLost + two.leaseLost == 0)
        #expect(readers.reads.values.allSatisfy { $0 == 1 })
        #expect(try await real.pendingCount() == 0)
    }

    /// An input whose worker never finishes is retried until `maxAttempts`, then recorded as
    /// failed with 4006; retryable reader errors are retried the same way.
    static func poisonInputsAreGivenUpAfterMaxAttempts(_ real: any JobStore) async throws {
        let time = MovedJobClock(), store = real.clocked(by: time.clock)
        let fixture = try BatchFixture.make(corpusImages: 0, synthetic: 2)
        defer { fixture.remove() }
        let crashing = fixture.root + "/synthetic-0.png"
        let flaky = fixture.root + "/nested/deeper/synthetic-1.png"
        _ = try await store.enqueue(Support.expand([crashing, flaky]).files, retryFailed: false)

        // The worker holding `crashing` dies twice.
        for attempt in 1...2 {
            let job = try #require(try await store.claim(owner: "host:1:crash\(attempt):0", lease: .milliseconds(100), maxAttempts: 2))
            #expect(job.path == crashing && job.attempts == attempt)
            time.advance(by: .milliseconds(101))
        }
        // `flaky` answers a retryable error each time.
        for attempt in 1...2 {
            let job = try #require(try await store.claim(owner: "host:1:w:0", lease: .seconds(30), maxAttempts: 2))
            #expect(job.path == flaky && job.attempts == attempt)
            let error = OAError.unableToProcess.with(detail: "try \(attempt)")
            let outcome = JobOutcome(result: .failure(flaky, error), sha256: nil, bytes: nil, durationMs: 1, duplicateOf: nil)
            let report = try await store.finish(job, outcome, maxAttempts: 2)
            #expect(report == (attempt < 2 ? .requeued : .recorded(.failed, copies: 0)))
        }
        #expect(try await store.claim(owner: "host:1:w:0", lease: .seconds(30), maxAttempts: 2) == nil)
        let records = try await Support.allRecords(store)
        let gaveUp = try #require(records.first { $0.path == crashing })
        #expect(gaveUp.state == .failed && gaveUp.attempts == 2 && gaveUp.writes == 1)
        #expect(gaveUp.result.error?.code == OAError.unableToProcess.code)
        let retried = try #require(records.first { $0.path == flaky })
        #expect(retried.result.error?.detail == "try 2" && retried.writes == 1)
        #expect(try await store.pendingCount() == 0)
    }

    /// A duplicate claimed while its first copy is being read waits, and gets a copy of the
    /// result when the first copy is recorded; a later duplicate copies at once.
    static func duplicatesWaitForTheFirstCopy(_ store: any JobStore) async throws {
        let fixture = try BatchFixture.make(corpusImages: 0, synthetic: 1)
        defer { fixture.remove() }
        let original = fixture.root + "/synthetic-0.png"
        let copies = fixture.copies.filter { $0.contains("synthetic-0") }.sorted()
        let paths = [original] + copies
        _ = try await store.enqueue(Support.expand([original, copies[0]]).files, retryFailed: false)
        let sha = try #require(BatchFixture.sha256(original))
        let first = try #require(try await store.claim(owner: "host:1:a:0", lease: .seconds(30), maxAttempts: 3))
        let second = try #require(try await store.claim(owner: "host:1:b:0", lease: .seconds(30), maxAttempts: 3))
        #expect(try await store.register(first, sha256: sha, bytes: 10, durationMs: 1) == .primary)
        #expect(try await store.register(second, sha256: sha, bytes: 10, durationMs: 1) == .waiting(for: first.path))
        #expect(try await store.counts()[.waiting] == 1)
        #expect(try await store.pendingCount() == 2)

        let result = try Oracle().expected(path: first.path)
        let outcome = JobOutcome(result: result, sha256: sha, bytes: 10, durationMs: 3, duplicateOf: nil)
        let state = JobState.finalState(for: result)
        #expect(try await store.finish(first, outcome, maxAttempts: 3) == .recorded(state, copies: 1))

        _ = try await store.enqueue(Support.expand([copies[1]]).files, retryFailed: false)
        let third = try #require(try await store.claim(owner: "host:1:c:0", lease: .seconds(30), maxAttempts: 3))
        #expect(try await store.register(third, sha256: sha, bytes: 10, durationMs: 1) == .copy(of: first.path, result: result))
        let copied = JobOutcome(
            result: BatchJSON.copy(result, for: third.path), sha256: sha, bytes: 10, durationMs: 1, duplicateOf: first.path)
        #expect(try await store.finish(third, copied, maxAttempts: 3) == .recorded(state, copies: 0))

        let records = try await Support.allRecords(store)
        #expect(records.map(\.path) == paths.sorted())
        for record in records where record.path != first.path {
            #expect(record.duplicateOf == first.path)
            #expect(record.result == BatchJSON.copy(result, for: record.path))
            #expect(record.state == state && record.writes == 1)
        }
        #expect(try await store.counts().duplicates == 2)
    }

    /// A rerun reads a file whose content changed, keeps the result of a file only touched,
    /// and with `retryFailed` reads failed inputs again.
    static func changedFilesAreReadAgain(_ store: any JobStore) async throws {
        let fixture = try BatchFixture.make(corpusImages: 0, synthetic: 3)
        defer { fixture.remove() }
        let inputs = fixture.inputs.filter { $0 != fixture.missing }
        _ = try await store.enqueue(Support.expand([fixture.root]).files, retryFailed: false)
        let pool = BatchWorkerPool(store: store, options: Support.options(), makeReader: CountingReaders().factory, logger: Support.quiet)
        _ = try await pool.run(stop: StopFlag())

        let changed = fixture.root + "/synthetic-0.png"
        let touched = fixture.root + "/synthetic-2.png"
        try BatchFixture.write(BatchFixture.pngSignature + Array("IMEI \(BatchFixture.imeiValue(42))".utf8), to: changed)
        try Support.shiftModificationTime(changed, by: -100)
        try Support.shiftModificationTime(touched, by: -100)
        let report = try await store.enqueue(Support.expand([fixture.root]).files, retryFailed: false)
        #expect(report.changed == 2 && report.alreadyFinished == inputs.count - 2)

        let readers = CountingReaders()
        let rerun = BatchWorkerPool(store: store, options: Support.options(), makeReader: readers.factory, logger: Support.quiet)
        let tally = try await rerun.run(stop: StopFlag())
        #expect(readers.reads == [changed: 1])
        #expect(tally.unchanged == 1)
        let records = try await Support.allRecords(store)
        let oracle = try Oracle()
        for path in [changed, touched] {
            let record = try #require(records.first { $0.path == path })
            #expect(record.writes == 2 && record.sha256 == BatchFixture.sha256(path))
            #expect(record.result == (try oracle.expected(path: path)))
        }
        // The copies of the old content keep it: their files did not change.
        for copy in fixture.copies {
            #expect(records.first { $0.path == copy }?.result == (try oracle.expected(path: copy)))
        }

        let failed = records.filter { $0.state == .failed }.count
        let retry = try await store.enqueue(Support.expand([fixture.root]).files, retryFailed: true)
        #expect(retry.retried == failed)
        let retryReaders = CountingReaders()
        let retryPool = BatchWorkerPool(store: store, options: Support.options(), makeReader: retryReaders.factory, logger: Support.quiet)
        _ = try await retryPool.run(stop: StopFlag())
        let retriedRecords = try await Support.allRecords(store)
        #expect(retriedRecords.filter { $0.state == .failed }.count == failed)
        #expect(retryReaders.reads.values.reduce(0, +) >= 1)
        #expect(retryReaders.reads.values.allSatisfy { $0 == 1 })
    }

    /// Files over the size limit get 4005 without being read; unreadable paths get 4004.
    static func oversizedAndMissingFilesGetTheirCodes(_ store: any JobStore) async throws {
        let fixture = try BatchFixture.make(corpusImages: 1, synthetic: 2)
        defer { fixture.remove() }
        let directory = fixture.root + "/nested"
        _ = try await store.enqueue(Support.expand([fixture.root + "/synthetic-0.png", fixture.missing]).files + [
            JobInput(path: directory, size: nil, mtimeMs: nil)
        ], retryFailed: false)
        var options = Support.options()
        options.maxFileBytes = 16
        let readers = CountingReaders()
        let pool = BatchWorkerPool(store: store, options: options, makeReader: readers.factory, logger: Support.quiet)
        _ = try await pool.run(stop: StopFlag())
        let records = try await Support.allRecords(store)
        #expect(readers.reads.isEmpty)
        #expect(records.count == 3)
        for record in records {
            let expected = record.path.hasSuffix("synthetic-0.png") ? OAError.screenshotLoad.code : OAError.screenshotFetch.code
            #expect(record.result.error?.code == expected, "\(record.path)")
            #expect(record.state == .failed && record.writes == 1)
        }
    }

    /// Export writes every finished result once: `.jsonl` with the reader's keys plus four,
    /// `.csv` with one row per file; both mode 0600, in path order.
    static func exportWritesEveryResultOnce(_ store: any JobStore) async throws {
        let fixture = try BatchFixture.make()
        defer { fixture.remove() }
        _ = try await store.enqueue(Support.expand([fixture.root, fixture.missing]).files, retryFailed: false)
        let pool = BatchWorkerPool(store: store, options: Support.options(), makeReader: CountingReaders().factory, logger: Support.quiet)
        _ = try await pool.run(stop: StopFlag())
        let records = try await Support.allRecords(store)
        let exporter = BatchExporter(store: store)

        let jsonl = fixture.root + "/export/out.jsonl"
        try FileManager.default.createDirectory(atPath: fixture.root + "/export", withIntermediateDirectories: true)
        var finder = RepeatedIMEI.Finder()
        #expect(try await exporter.export(to: jsonl, format: .jsonl, finder: &finder) == fixture.inputs.count)
        let lines = try String(contentsOfFile: jsonl, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == fixture.inputs.count)
        for (line, record) in zip(lines, records) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(Set(object.keys) == ["file", "imeis", "meid", "error", "sha256", "bytes", "durationMs", "duplicateOf", "review"])
            #expect(object["file"] as? String == record.path)
            #expect(object["sha256"] as? String == record.sha256)
            #expect(object["duplicateOf"] as? String == record.duplicateOf)
            #expect(try JSONDecoder().decode(ScreenshotResult.self, from: Data(line.utf8)) == record.result)
            var bare = record.result
            bare.evidence = nil
            #expect(line.hasPrefix(try BatchJSON.encode(bare).dropLast()), "the imei --json object comes first")
        }
        #expect(finder.repeated() == (try await exporter.repeatedIMEIs()))

        let csv = fixture.root + "/export/out.csv"
        #expect(try await exporter.export(to: csv, format: .csv, finder: &finder) == fixture.inputs.count)
        let rows = try String(contentsOfFile: csv, encoding: .utf8).components(separatedBy: "\r\n").dropLast()
        #expect(rows.count == fixture.inputs.count + 1)
        #expect(rows.first == BatchCSV.columns.joined(separator: ","))
        let book = try await BatchReviewBook.load(from: store)
        for (row, record) in zip(rows.dropFirst(), records) {
            #expect(row + "\r\n" == BatchCSV.row(record, review: book.status(of: record)))
            #expect(row.hasPrefix(record.path + ",\(record.state.rawValue),\(record.result.imeis.first?.value ?? "")"))
        }
        for path in [jsonl, csv] {
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.root + "/export").sorted() == ["out.csv", "out.jsonl"])
    }
}
