import ActivationPipeline
@testable import ActivationReader
@testable import ActivationVision
import Foundation
import Testing

/// A reading's deadline reaches the engines: a stopped reading ends within a fraction of its
/// cost and answers 4001 with reason `DEADLINE_EXCEEDED`.
@Suite struct ReadingDeadlineTests {
    static let photo = SampleScreenshotTests.samples.appendingPathComponent("photos/0010_ios_about_light_photo.jpg").path
    static let screenshot = SampleScreenshotTests.samples.appendingPathComponent("0117_label_glue_dark_crop.png").path

    @Test func aReadingStoppedBeforeItBeganAnswersDeadlineExceededAtOnce() throws {
        let reader = try IMEIReader()
        let stop = WorkStop()
        stop.stop()
        let start = ContinuousClock.now
        let result = reader.read(path: Self.screenshot, stop: stop)
        #expect(ContinuousClock.now - start < .milliseconds(500))
        #expect(result.error?.code == 4001)
        #expect(result.error?.reason == OAError.Reason.deadlineExceeded)
        #expect(result.imeis.isEmpty)
    }

    @Test func aBudgetEndsAReadingWellBeforeItsFullCost() throws {
        let reader = try IMEIReader()
        let clock = ContinuousClock()
        var full = Duration.zero
        let whole = clock.measure { _ = reader.read(path: Self.photo) }
        full = whole
        let budget = full / 10
        let start = clock.now
        let result = reader.read(path: Self.photo, stop: WorkStop(budget: budget))
        let took = clock.now - start
        #expect(result.error?.reason == OAError.Reason.deadlineExceeded, "\(String(describing: result.error))")
        // The decode is not interrupted; every engine run after the deadline ends at once.
        #expect(took < budget + .milliseconds(300), "stopped after \(took) (budget \(budget), full \(full))")
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

    @Test func noiseIsRefusedBeforeAnyOCR() throws {
        let reader = try IMEIReader()
        let noise = SampleScreenshotTests.samples.appendingPathComponent("bad/noise-rgb-300.png").path
        let clock = ContinuousClock()
        var result: ScreenshotResult?
        let took = clock.measure { result = reader.read(path: noise) }
        #expect(result?.error?.code == 4001)
        #expect(result?.error?.reason == OAError.Reason.noText)
        #expect(took < .milliseconds(200), "took \(took)")
    }
}
