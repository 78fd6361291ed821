public import ActivationPipeline
public import Foundation

/// The JSON settings the batch uses for stored results and `.jsonl` export: one line per
/// object, keys sorted (Foundation on Linux does not keep declaration order, so sorting is
/// what makes the output stable), slashes in paths left alone. Pure; makes a new coder per call.
public enum BatchJSON {
    /// A compact encoder.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// The result as one line of JSON text.
    public static func encode(_ result: ScreenshotResult) throws -> String {
        String(decoding: try encoder().encode(result), as: UTF8.self)
    }

    /// A stored result, or `storeCorrupt` when the text is not one.
    public static func decodeResult(_ text: String, path: String) throws(BatchError) -> ScreenshotResult {
        do {
            return try JSONDecoder().decode(ScreenshotResult.self, from: Data(text.utf8))
        } catch {
            throw BatchError(.storeCorrupt, "the stored result for \(path) is not valid JSON", cause: error)
        }
    }

    /// `text` as a JSON string literal, quotes included.
    public static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20: out += String(format: "\\u%04x", c.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `result` as it belongs to another path: same reading, `file` replaced.
    public static func copy(_ result: ScreenshotResult, for path: String) -> ScreenshotResult {
        var copy = result
        copy.file = path
        return copy
    }
}
