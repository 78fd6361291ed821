@testable import ActivationPipeline
@testable import ActivationReader
import Foundation
import Testing

/// The real reader names the labels it found but could not give a valid number, with why,
/// in the picture's pixels: what an annotated picture draws in its own colour.
@Suite struct UnreadLabelReadingTests {
    @Test func aTamperedNumberIsALabelWhoseLuhnFailed() throws {
        let path = SampleScreenshotTests.samples.appendingPathComponent("photos/0420_tampered_light_photo.jpg").path
        let result = try IMEIReader().read(path: path)
        #expect(result.error?.code == 4001)
        let label = try #require(result.unreadLabels.first)
        #expect(label.label.hasPrefix("IMEI") && label.reason == .luhnFailed)
        #expect(label.box.count == 4 && label.box[0] >= 0 && label.box[1] >= 0 && label.box[2] > 0 && label.box[0] + label.box[2] <= 1200)
    }

    @Test func aReadIMEILeavesNoUnreadLabel() throws {
        let path = SampleScreenshotTests.samples.appendingPathComponent("0000_xiaomi_status_dark_png.png").path
        let result = try IMEIReader().read(path: path)
        try #require(!result.imeis.isEmpty)
        #expect(!result.unreadLabels.contains { l in result.imeis.contains { $0.label == l.label } })
    }
}
