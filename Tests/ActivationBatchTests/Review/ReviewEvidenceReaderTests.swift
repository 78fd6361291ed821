@testable import ActivationBatch
import ActivationPipeline
import ActivationStorage
import Foundation
import TestSupport
import Testing

/// The evidence the batch worker keeps, from the real reader on real samples: a level screenshot
/// is no photo, nor a Samsung `*#06#` screenshot the reader found not legible; a tilted picture
/// read by Tesseract alone is; the stored result stays the reader's JSON, stages dropped.
@Suite struct ReviewEvidenceReaderTests {
    @Test func theWorkerKeepsTheReadersVerdictAndStoresNoStages() async throws {
        let work = try CommandWorkspace(copying: [
            ("0001_ios_dial_dark_jpeg85.jpg", "screen.jpg"), ("tilted/android_about_light_tilt+6.jpg", "tilted.jpg"),
            ("0109_samsung_dial_light_png.png", "samsung.png"), ("0126_samsung_dial_dark_png.png", "samsung-dark.png"),
        ])
        defer { work.remove() }
        let store = try SQLiteJobStore(path: work.directory + "/batch.sqlite")
        defer { try? store.close() }
        _ = try await store.enqueue(BatchTestSupport.expand([work.inputs]).files, retryFailed: false)
        let pool = BatchWorkerPool(
            store: store, options: BatchTestSupport.options(workers: 1), makeReader: BatchReaderKind.imei.factory,
            logger: BatchTestSupport.quiet)
        _ = try await pool.run(stop: StopFlag())
        let screen = try #require(try await store.record(at: work.inputs + "/screen.jpg"))
        let tilted = try #require(try await store.record(at: work.inputs + "/tilted.jpg"))
        #expect(screen.result.evidence?.photo == false)
        #expect(tilted.result.evidence?.photo == true)
        #expect(tilted.result.imeis.allSatisfy { $0.channels == ["text"] })
        #expect(screen.result.stages == nil && tilted.result.stages == nil)
        let book = try await BatchReviewBook.load(from: store)
        #expect(book.status(of: tilted).reasons.map(\.code).contains(.singleChannelPhoto))
        #expect(book.status(of: screen).reasons.isEmpty)
        #expect(!(try tilted.jsonLine()).contains("\"stages\""))
        // A Samsung *#06# screenshot shows barcodes, so the reader finds no legible screen; its
        // flat, level pixels still make it a screenshot, and its barcodes encode the IMEIs
        // Tesseract read, a second channel: nobody needs to look.
        let samsung = try #require(try await store.record(at: work.inputs + "/samsung.png"))
        #expect(samsung.result.evidence?.photo == false)
        #expect(Set(samsung.result.evidence?.barcodeConfirmed ?? []) == Set(samsung.result.imeis.map(\.value)))
        #expect(!samsung.result.imeis.isEmpty && book.status(of: samsung).reasons.isEmpty)
        let dark = try #require(try await store.record(at: work.inputs + "/samsung-dark.png"))
        #expect(!dark.result.imeis.isEmpty && book.status(of: dark).reasons.isEmpty, "a dark screen's bars are read as drawn")
    }
}
