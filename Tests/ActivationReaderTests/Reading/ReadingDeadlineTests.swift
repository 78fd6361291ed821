import ActivationPipeline
@testable import ActivationReader
@testable import ActivationVision
import Foundation
import Synchronization
import Testing

/// A reading's deadline reaches the engines: a stopped reading ends within a fraction of its
/// cost and answers 4001 with reason `DEADLINE_EXCEEDED`. Costs are the reading thread's CPU time
/// (the reader runs on its caller's thread), which the other tests running beside these on a
/// small machine do not inflate, as they do wall time.
@Suite struct ReadingDeadlineTests {
    /// The CPU time `body` spends on this thread.
    static func cpu(_ body: () -> Void) -> Duration {
        let start = ThreadCPUTime.nanoseconds()
        body()
        return .nanoseconds(Int64(ThreadCPUTime.nanoseconds() - start))
    }

    static let photo = SampleScreenshotTests.samples.appendingPathComponent("photos/0010_ios_about_light_photo.jpg").path
    static let screenshot = SampleScreenshotTests.samples.appendingPathComponent("0117_label_glue_dark_crop.png").path

    @Test func aReadingStoppedBeforeItBeganAnswersDeadlineExceededAtOnce() throws {
        let reader = try IMEIReader()
        let stop = WorkStop()
        stop.stop()
        var result: ScreenshotResult?
        let cost = Self.cpu { result = reader.read(path: Self.screenshot, stop: stop) }
        #expect(cost < .milliseconds(500), "cost \(cost)")
        #expect(result?.error?.code == 4001)
        #expect(result?.error?.reason == OAError.Reason.deadlineExceeded)
        #expect(result?.imeis.isEmpty == true)
    }

    @Test func aBudgetEndsAReadingWellBeforeItsFullCost() throws {
        let reader = try IMEIReader()
        let clock = ContinuousClock()
        var full = Duration.zero
        let fullCost = Self.cpu { full = clock.measure { _ = reader.read(path: Self.photo) } }
        let budget = full / 10
        var result: ScreenshotResult?
        let cost = Self.cpu { result = reader.read(path: Self.photo, stop: WorkStop(budget: budget)) }
        #expect(result?.error?.reason == OAError.Reason.deadlineExceeded, "\(String(describing: result?.error))")
        // The decode is not interrupted; every engine run after the deadline ends at once. The budget
        // is wall time, which is never less than this thread's CPU time over it.
        #expect(cost < budget + .milliseconds(300), "cost \(cost) (budget \(budget), full \(fullCost) CPU, \(full) wall)")
        #expect(cost < fullCost / 2, "cost \(cost) of \(fullCost)")
    }

    @Test func tesseractStoppedBeforeItBeganReadsNothing() throws {
        let engine = try TesseractEngine()
        let decoded = try ImageDecoder.decode(try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.screenshot))), budget: PixelBudget())
        #expect(!engine.recognize(decoded.image, mode: .block).isEmpty)
        let stop = WorkStop()
        stop.stop()
        #expect(engine.recognize(decoded.image, mode: .block, stop: stop).isEmpty)
        // The engine reads again as before once a reading without a stop asks.
        #expect(!engine.recognize(decoded.image, mode: .block).isEmpty)
    }

    @Test func aPartsLimitEndsTesseractsRunUnderWay() throws {
        // The reading's CPU budget is such a limit: one costly page pass ends where it ran out.
        // Tesseract asks between the chunks it recognises (5 times on this page, read whole).
        let engine = try TesseractEngine()
        let decoded = try ImageDecoder.decode(try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.screenshot))), budget: PixelBudget())
        let full = engine.recognize(decoded.image, mode: .block).flatMap(\.words).count
        let asked = Atomic(0)
        let part = WorkStop(within: WorkStop(), until: { asked.add(1, ordering: .relaxed).newValue > 2 })
        let cut = engine.recognize(decoded.image, mode: .block, stop: part).flatMap(\.words).count
        #expect(part.isStopped)
        #expect(cut < full, "\(cut) of \(full) words")
    }

    @Test func noiseIsRefusedBeforeAnyOCR() throws {
        let reader = try IMEIReader()
        let noise = SampleScreenshotTests.samples.appendingPathComponent("bad/noise-rgb-300.png").path
        var result: ScreenshotResult?
        let cost = Self.cpu { result = reader.read(path: noise) }
        #expect(result?.error?.code == 4001)
        #expect(result?.error?.reason == OAError.Reason.noText)
        #expect(cost < .milliseconds(200), "cost \(cost)")
    }
}
