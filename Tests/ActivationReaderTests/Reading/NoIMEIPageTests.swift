@testable import ActivationPipeline
@testable import ActivationReader
@testable import ActivationVision
import Foundation
import Testing

/// Pages that are not legible and show no IMEI (a photographed settings page, a chat or an order
/// slip with an unlabelled number) are answered from Tesseract's one whole-page read: the deep
/// reader is not asked, and the answer is still 4001. A page whose IMEI rows Tesseract cannot
/// read still goes to the deep reader.
@Suite struct NoIMEIPageTests {
    /// The result for `path`, with the stages that ran (sub-plans' after their stage), in order.
    static func read(_ path: String) throws -> (ScreenshotResult, [ReaderStage]) {
        var configuration = IMEIReader.Configuration()
        configuration.explain = true
        let reader = try IMEIReader(configuration: configuration)
        let result = reader.read(path: path)
        func flat(_ stages: [ReaderStage]) -> [ReaderStage] { stages.flatMap { [$0] + flat($0.stages ?? []) } }
        return (result, flat(result.stages ?? []))
    }

    @Test func anOrderSlipWithALuhnValidNumberIsNotShownToTheDeepReader() throws {
        // Its only long number (printed and as a barcode) passes Luhn, and no label names it.
        let path = SampleScreenshotTests.samples.appendingPathComponent("box-labels/0210_order_slip_light_png.png").path
        let (result, stages) = try Self.read(path)
        #expect(result.error?.code == 4001 && result.imeis.isEmpty)
        // Without the deep files there is no deep reader to spare.
        guard DeepOCR.shared != nil else { return }
        #expect(stages.map(\.name) == ["bands", "whole"], "the deep reader was asked")
        #expect(stages.last?.verdict == "none")
    }

    @Test func aPhotoWhoseLabelsTesseractCannotReadStillGoesToTheDeepReader() throws {
        // Small photographed text: Tesseract reads the titles but not the IMEI rows.
        let path = SampleScreenshotTests.samples.appendingPathComponent("photos/0190_xiaomi_status_light_photo.jpg").path
        let (result, stages) = try Self.read(path)
        #expect(!stages.contains { $0.verdict == "none" })
        if DeepOCR.shared != nil {
            #expect(result.imeis.count == 2)
            #expect(stages.first { $0.name == "deep" }?.verdict == "read")
        }
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

    /// The deep reader reads the short lines around a number only when the label rule could take
    /// that number: 14 to 16 digits (one lost to glare, a slot digit glued on), not an EID or an
    /// ICCID, whose neighbours' labels would name nothing.
    @Test(arguments: [
        ("IMEI 35 966077 689422 0", true), ("353417224570357/49", true), ("35341722457035", true),
        ("IMEI2 2353417225340610", true), ("EID 89049032341538563979263277759678", false),
        ("8991834504288842656", false), ("Serial 84Q5YSF09YV3", false), ("1353417224570357 8", false),
    ])
    func onlyANumberTheLabelRuleCouldTakeCallsForTheLinesAroundIt(text: String, takeable: Bool) {
        #expect(ScreenReading.holdsTakeableNumber(text, tuning: ReaderTuning()) == takeable)
    }
}
