@testable import ActivationPipeline
@testable import ActivationReader
@testable import ActivationVision
import Foundation
import Logging
import Synchronization
import Testing

/// Collects the reader's trace messages.
private final class TraceLog: LogHandler, @unchecked Sendable {
    let messages = Mutex<[String]>([])
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .debug
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
    func log(event: LogEvent) { messages.withLock { $0.append("\(event.message)") } }
}

/// Pages that are not legible and show no IMEI (a photographed settings page, a chat or an order
/// slip with an unlabelled number) are answered from Tesseract's one whole-page read: the deep
/// reader is not asked, and the answer is still 4001. A page whose IMEI rows Tesseract cannot
/// read still goes to the deep reader.
@Suite struct NoIMEIPageTests {
    static func read(_ path: String) throws -> (ScreenshotResult, [String]) {
        let log = TraceLog()
        var configuration = IMEIReader.Configuration()
        configuration.trace = ReaderTrace(logger: Logger(label: "test") { _ in log })
        let reader = try IMEIReader(configuration: configuration)
        let result = reader.read(path: path)
        return (result, log.messages.withLock { $0 })
    }

    @Test func anOrderSlipWithALuhnValidNumberIsNotShownToTheDeepReader() throws {
        // Its only long number (printed and as a barcode) passes Luhn, and no label names it.
        let path = SampleScreenshotTests.samples.appendingPathComponent("box-labels/0210_order_slip_light_png.png").path
        let (result, trace) = try Self.read(path)
        #expect(result.error?.code == 4001 && result.imeis.isEmpty)
        // Without the deep files there is no deep reader to spare.
        guard DeepOCR.shared != nil else { return }
        #expect(trace.contains { $0.contains("no IMEI to find") }, "the deep reader was asked")
        #expect(!trace.contains { $0.hasPrefix("deep:") })
    }

    @Test func aPhotoWhoseLabelsTesseractCannotReadStillGoesToTheDeepReader() throws {
        // Small photographed text: Tesseract reads the titles but not the IMEI rows.
        let path = SampleScreenshotTests.samples.appendingPathComponent("photos/0190_xiaomi_status_light_photo.jpg").path
        let (result, trace) = try Self.read(path)
        #expect(!trace.contains { $0.contains("no IMEI to find") })
        if DeepOCR.shared != nil { #expect(result.imeis.count == 2) }
    }
}

/// The deep reader's lines clear a page only when they are many and none holds a long number.
@Suite struct DeepClearingTests {
    static func lines(_ texts: [String]) -> [TextBox] {
        texts.enumerated().map { i, text in
            let y = Double(100 + 50 * i)
            return TextBox(text: text, corners: [40, y, 400, y, 400, y + 30, 40, y + 30])
        }
    }

    @Test func plentyOfTextAndNoLongNumberClearsThePage() {
        let page = Self.lines(["Model Name", "iPhone 12", "Serial Number", "84Q5YSF09YV3", "Wi-Fi Address", "F9:19:10:D2:18:C1"])
        #expect(ScreenReading.clears(page, tuning: ReaderTuning()))
    }

    @Test func aLongNumberTheRuleCouldNotNameKeepsThePageOpen() {
        // 12 digits: an IMEI cut short by glare; Tesseract's passes may still find its label.
        let page = Self.lines(["Model Name", "iPhone 12", "Serial Number", "84Q5YSF09YV3", "35 799469 1843", "Wi-Fi Address"])
        #expect(!ScreenReading.clears(page, tuning: ReaderTuning()))
    }

    @Test func fewLinesSayNothing() {
        #expect(!ScreenReading.clears(Self.lines(["About", "Name"]), tuning: ReaderTuning()))
    }
}
