@testable import ActivationPipeline
@testable import ActivationReader
@testable import ActivationVision
import Foundation
import Synchronization
import Testing

/// The real pipeline (Tesseract, zbar, leptonica, libheif) over `samples/`, against its
/// `truth.jsonl`. What must hold on every file is asserted per file: no false accept, every
/// negative answers 4001, every bad input its code. Exactness is asserted as a floor and each
/// miss is printed, so a regression shows which screen it hit.
@Suite(.serialized) struct SampleScreenshotTests {
    struct Truth: Decodable {
        var file: String
        var imeis: [String]
        var negative: Bool?
        var expect_error: Int?
        /// The error's stable reason, where it has one (`NO_TEXT` for noise).
        var expect_reason: String?
        var template: String?
        /// A box label's serial number and EID, where `samples/box-labels/` prints them.
        var serial: String?
        var eid: String?
    }

    static let samples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("samples")

    static func truth(_ folder: URL) throws -> [Truth] {
        let text = try String(contentsOf: folder.appendingPathComponent("truth.jsonl"), encoding: .utf8)
        return try text.split(separator: "\n").map { try JSONDecoder().decode(Truth.self, from: Data($0.utf8)) }
    }

    static func readAll(_ paths: [String]) async throws -> [ScreenshotResult] {
        let results = Results()
        let pool = try await IMEIReader.pool(workers: 2)
        defer { pool.shutdown() }
        try await pool.forEach(paths.count, { i, reader, stop in reader.read(path: paths[i], stop: stop) }) { i, r in
            results.value.withLock { $0[i] = r }
        }
        let all = results.value.withLock { $0 }
        return paths.indices.compactMap { all[$0] }
    }

    @Test func readsTheSamplesWithoutAFalseAccept() async throws {
        let truth = try Self.truth(Self.samples)
        #expect(truth.count >= 100)
        let results = try await Self.readAll(truth.map { Self.samples.appendingPathComponent($0.file).path })
        try #require(results.count == truth.count)
        var exact = 0, boxLabels = 0, boxLabelsExact = 0
        for (t, r) in zip(truth, results) {
            let got = Set(r.imeis.map(\.value))
            let want = Set(t.imeis)
            if t.template == "box_label" {
                boxLabels += 1
                boxLabelsExact += got == want ? 1 : 0
            }
            #expect(got.isSubset(of: want), "false accept in \(t.file): \(got.subtracting(want).map { $0.prefix(8) + "…" })")
            if t.imeis.isEmpty { #expect(r.error?.code == 4001, "\(t.file) must answer 4001") }
            for reading in r.imeis {
                #expect(Luhn.isValid(reading.value) && reading.value.count == 15)
                #expect(reading.box.count == 4 && reading.box[2] > 0 && reading.box[3] > 0)
                #expect(reading.tac + reading.serial + reading.checkDigit == reading.value)
            }
            if got == want { exact += 1 } else { print("MISS \(t.file): want \(want.count), got \(got.count)") }
        }
        let rate = Double(exact) / Double(truth.count)
        print("samples: \(exact)/\(truth.count) exact (\(String(format: "%.1f", rate * 100))%)")
        #expect(rate >= 0.9, "exact rate fell to \(rate)")
        // Every box label, with the deep second opinion installed (Tesseract alone reads 9).
        print("samples box labels: \(boxLabelsExact)/\(boxLabels) exact")
        #expect(boxLabelsExact >= (SamplePhotoTests.deep ? boxLabels : 9), "box labels: \(boxLabelsExact)/\(boxLabels)")
    }

    /// `samples/tilted/`: screens turned 4–12° in their pixels, read levelled.
    @Test func readsScreensPhotographedAskew() async throws {
        let folder = Self.samples.appendingPathComponent("tilted")
        let truth = try Self.truth(folder)
        #expect(truth.count >= 9)
        let results = try await Self.readAll(truth.map { folder.appendingPathComponent($0.file).path })
        try #require(results.count == truth.count)
        var exact = 0
        for (t, r) in zip(truth, results) {
            let got = Set(r.imeis.map(\.value))
            #expect(got.isSubset(of: Set(t.imeis)), "false accept in \(t.file)")
            if t.imeis.isEmpty { #expect(r.error?.code == 4001, "\(t.file) must answer 4001") }
            for reading in r.imeis {
                // The box is turned back into the stored picture's pixels.
                #expect(reading.box[0] >= 0 && reading.box[1] >= 0 && reading.box[2] > 0 && reading.box[3] > 0, "\(t.file)")
            }
            if got == Set(t.imeis) { exact += 1 } else { print("MISS tilted/\(t.file)") }
        }
        #expect(exact + 1 >= truth.count, "tilted: \(exact)/\(truth.count) exact")
    }

    @Test func badInputsGetTheirCodesAndTheRestIsStillRead() async throws {
        let bad = Self.samples.appendingPathComponent("bad")
        let truth = try Self.truth(bad)
        let directory = bad.path
        let missing = bad.appendingPathComponent("no-such-file.png").path
        let good = try #require(try Self.truth(Self.samples).first { $0.imeis.count == 1 && $0.file.hasSuffix(".png") })
        let paths = truth.map { bad.appendingPathComponent($0.file).path } + [directory, missing, Self.samples.appendingPathComponent(good.file).path]
        let results = try await Self.readAll(paths)
        try #require(results.count == paths.count)
        for (t, r) in zip(truth, results) {
            #expect(r.error?.code == (t.expect_error ?? 4005), "\(t.file): \(String(describing: r.error))")
            #expect(r.error?.reason == t.expect_reason, "\(t.file): \(String(describing: r.error))")
            #expect(r.imeis.isEmpty)
        }
        #expect(results[truth.count].error?.code == 4004, "a directory is 4004")
        #expect(results[truth.count + 1].error?.code == 4004, "a missing path is 4004")
        #expect(results[truth.count + 2].imeis.map(\.value) == good.imeis, "the good file in the same call is still read")
    }
}

/// Results shared with the pool's tasks.
private final class Results: Sendable {
    let value = Mutex([Int: ScreenshotResult]())
}
