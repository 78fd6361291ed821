import Foundation

extension JSONEncoder {
    /// The service's encoder: sorted keys, so bodies are byte-for-byte deterministic, and
    /// slashes unescaped, as `activation imei --json` prints them.
    static var service: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
