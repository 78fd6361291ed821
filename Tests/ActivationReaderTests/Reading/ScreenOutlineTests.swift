@testable import ActivationPipeline
@testable import ActivationReader
@testable import ActivationVision
import Foundation
import Testing

/// A photographed screen set upright (the plan's `upright` stage, ``ScreenReading/upright(_:)``): when it is tried,
/// and what it wins back.
@Suite struct ScreenOutlineTests {
    static func reading(_ label: String) -> IMEIReading {
        IMEIReading(value: "353289928591587", label: label, slot: nil, softwareVersion: nil, confidence: 1, box: [0, 0, 1, 1], corrected: false)
    }

    @Test func aLoneIMEIWhoseLabelNamesItsSlotCallsForTheOther() {
        #expect(ScreenReading.lacksSlot([]))
        #expect(ScreenReading.lacksSlot([Self.reading("IMEI1")]))
        #expect(ScreenReading.lacksSlot([Self.reading("IMEI (sim slot 2)")]))
        #expect(!ScreenReading.lacksSlot([Self.reading("IMEI")]))
        #expect(!ScreenReading.lacksSlot([Self.reading("IMEI1"), Self.reading("IMEI2")]))
    }

    /// `samples/photos/0180`: a dark Samsung dialog photographed at 35°, whose IMEI2 line the
    /// picture as it is does not give. Set upright, both read, and each box, back in the
    /// picture's pixels, holds the middle of its number as the truth draws it.
    @Test(.enabled(if: DeepOCR.shared != nil, "needs the deep second opinion installed"))
    func aScreenPhotographedAt35DegreesReadsBothSlotsUpright() async throws {
        let folder = SampleScreenshotTests.samples.appendingPathComponent("photos")
        let file = "0180_samsung_dial_dark_photo.jpg"
        let results = try await SampleScreenshotTests.readAll([folder.appendingPathComponent(file).path])
        let result = try #require(results.first)
        #expect(result.imeis.map(\.value) == ["991050554353603", "991050554353629"])
        let middles = [(594.0, 1166.0), (592.0, 1296.0)]
        for (reading, middle) in zip(result.imeis, middles) {
            let b = reading.box
            #expect(Double(b[0]) < middle.0 && middle.0 < Double(b[0] + b[2]) && Double(b[1]) < middle.1 && middle.1 < Double(b[1] + b[3]),
                    "\(reading.label) at \(b)")
        }
    }
}
