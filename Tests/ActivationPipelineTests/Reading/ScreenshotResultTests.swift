import ActivationPipeline
import Foundation
import Testing

@Suite struct ScreenshotResultTests {
    static let reading = IMEIReading(
        value: "352099001761481", label: "IMEI", slot: 1, softwareVersion: nil, confidence: 0.99, box: [1, 2, 3, 4],
        corrected: false, channels: [IMEIReading.deep, IMEIReading.barcode])

    static func json(_ result: ScreenshotResult) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(result), as: UTF8.self)
    }

    @Test func aResultWithoutBoxLabelFieldsKeepsItsKeys() throws {
        let result = ScreenshotResult(file: "a.png", imeis: [Self.reading], meid: nil, error: nil)
        let text = try Self.json(result)
        #expect(!text.contains("serialNumber") && !text.contains("\"eid\""))
        #expect(text.hasPrefix(#"{"error":null,"file":"a.png","imeis":[{"#) && text.hasSuffix(#"}],"meid":null}"#))
        #expect(try JSONDecoder().decode(ScreenshotResult.self, from: Data(text.utf8)) == result)
    }

    @Test func aBoxLabelsSerialNumberAndEIDRoundTrip() throws {
        var result = ScreenshotResult(file: "box.jpg", imeis: [Self.reading], meid: nil, error: nil)
        result.serialNumber = LabelField(value: "R52M58FX5BT", channels: [IMEIReading.deep, IMEIReading.barcode])
        result.eid = LabelField(value: "89049032624609496352505763520976", channels: [IMEIReading.barcode])
        let text = try Self.json(result)
        #expect(text.contains(#""serialNumber":{"channels":["deep","barcode"],"value":"R52M58FX5BT"}"#))
        #expect(text.contains(#""eid":{"channels":["barcode"],"value":"89049032624609496352505763520976"}"#))
        let back = try JSONDecoder().decode(ScreenshotResult.self, from: Data(text.utf8))
        #expect(back == result && back.serialNumber == result.serialNumber && back.eid == result.eid)
        #expect(back != ScreenshotResult(file: "box.jpg", imeis: [Self.reading], meid: nil, error: nil))
    }
}
