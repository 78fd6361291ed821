import Foundation

/// The request ID every response carries in `X-Request-Id`, and every log line of the request
/// in `hb.request.id`: the client's own when it sent a usable one, else a new one. Pure.
enum RequestID {
    /// The longest client ID taken.
    static let maxLength = 128

    /// `header` when it is 1 to ``maxLength`` characters of ASCII letters, digits and `-_.:`
    /// (nothing that could split a header or a log line); nil otherwise.
    static func accepted(_ header: String?) -> String? {
        guard let header, (1...maxLength).contains(header.utf8.count) else { return nil }
        let allowed = header.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                UInt8(ascii: ":"):
                true
            default: false
            }
        }
        return allowed ? header : nil
    }

    /// A new ID: a random UUID, lowercase.
    static func generate() -> String {
        UUID().uuidString.lowercased()
    }
}
