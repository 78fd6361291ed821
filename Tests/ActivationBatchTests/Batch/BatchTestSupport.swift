@testable import ActivationBatch
@testable import ActivationPipeline
@testable import ActivationReader
@testable import ActivationStorage
import Foundation
import Logging
import TestSupport
import Testing

/// Shared pieces of the batch tests: logger, pool options, reading a whole store back, and
/// the checks every complete run must pass.
enum BatchTestSupport {
    static let quiet = TestLoggers.quiet

    /// Fast-polling options for in-process pools.
    static func options(workers: Int = 2, hold: Duration? = nil, maxAttempts: Int = 3) -> BatchWorkerOptions {
        var options = BatchWorkerOptions()
        options.workers = workers
        options.lease = .seconds(30)
        options.pollInterval = .milliseconds(20)
        options.maxAttempts = maxAttempts
        options.holdPerImage = hold
        return options
    }

    static func expand(_ arguments: [String]) -> InputExpansion {
        InputExpander(currentDirectory: FileManager.default.currentDirectoryPath) { nil }.expand(arguments)
    }

    /// Every finished record, paging as the exporter does.
    static func allRecords(_ store: any JobStore, pageSize: Int = 7) async throws -> [BatchRecord] {
        var records: [BatchRecord] = []
        var after: String?
        while true {
            let page = try await store.records(after: after, limit: pageSize)
            guard let last = page.last else { return records }
            records += page
            after = last.path
        }
    }

    /// The checks for a finished batch over `inputs`: one record per input, written once, the
    /// reader's own result for its bytes, the right hash, one first copy per content and the
    /// rest pointing at it, and (given `reads`) each content read at most once.
    static func expectComplete(
        _ records: [BatchRecord], inputs: [String], reads: [String: Int]? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let oracle = try Oracle()
        #expect(records.map(\.path) == inputs.sorted(), "one record per input, in path order", sourceLocation: sourceLocation)
        for record in records {
            #expect(record.writes == 1, "\(record.path) written \(record.writes) times", sourceLocation: sourceLocation)
            #expect(record.state == JobState.finalState(for: record.result), sourceLocation: sourceLocation)
            #expect(record.sha256 == BatchFixture.sha256(record.path), "\(record.path) hash", sourceLocation: sourceLocation)
            #expect(record.result == (try oracle.expected(path: record.path)), "\(record.path) result", sourceLocation: sourceLocation)
        }
        let groups = Dictionary(grouping: records.filter { $0.sha256 != nil }, by: { $0.sha256 ?? "" })
        for (_, group) in groups {
            let firsts = group.filter { $0.duplicateOf == nil }
            #expect(firsts.count == 1, "one first copy among \(group.map(\.path))", sourceLocation: sourceLocation)
            guard let first = firsts.first else { continue }
            for copy in group where copy.duplicateOf != nil {
                #expect(copy.duplicateOf == first.path, sourceLocation: sourceLocation)
                #expect(copy.result == BatchJSON.copy(first.result, for: copy.path), sourceLocation: sourceLocation)
            }
            if let reads {
                let total = group.reduce(0) { $0 + (reads[$1.path] ?? 0) }
                #expect(total == 1, "content of \(first.path) read \(total) times", sourceLocation: sourceLocation)
            }
        }
        for record in records where record.sha256 == nil {
            #expect(record.result.error?.code == OAError.screenshotFetch.code, sourceLocation: sourceLocation)
            #expect((reads?[record.path] ?? 0) == 0, sourceLocation: sourceLocation)
        }
    }

    /// Sets a file's modification time `seconds` into the past (or future).
    static func shiftModificationTime(_ path: String, by seconds: Int) throws {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        let date = (attributes[.modificationDate] as? Date ?? Date()).addingTimeInterval(TimeInterval(seconds))
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path)
    }

    /// A lease owner on this machine whose process does not exist: what a kill -9 leaves.
    static func deadOwner(worker: Int = 0) -> String {
        LeaseOwner(host: LeaseOwner.currentHost(), pid: Int32.max - 1, token: "dead", worker: worker).description
    }
}
