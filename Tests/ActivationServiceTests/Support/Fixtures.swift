import Foundation
import Testing

/// The screenshots in `Fixtures/`, with the IMEIs `truth.jsonl` gives for them.
enum Fixtures {
    /// An iOS `*#06#` screen sent through a messenger: two IMEIs.
    static let dialScreen = "0003_ios_dial_light_messenger.jpg"
    static let dialScreenIMEIs = ["862261819348645", "862261815657148"]
    /// A chat screen with no IMEI on it: 4001.
    static let chatScreen = "0137_chat_negative_light_messenger.jpg"

    static func bytes(_ name: String) throws -> [UInt8] {
        let base = try #require(Bundle.module.resourceURL, "no resource bundle")
        return Array(try Data(contentsOf: base.appendingPathComponent("Fixtures").appendingPathComponent(name)))
    }
}
