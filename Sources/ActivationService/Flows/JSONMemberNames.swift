/// Finds a JSON object member name given twice, which `JSONSerialization` and `JSONDecoder`
/// silently resolve (one keeps the first, the other the last): the limits would judge one value
/// and the decoder store another. Names are compared after their escapes are decoded
/// (`"a"` and `"\u0061"` are one name). Pure; one pass over the bytes, no allocation per value.
enum JSONMemberNames {
    /// The path of the first repeated name (`["deviceId", "address"]`), or nil when every
    /// object's names are unique or the bytes are not JSON (the decoder answers for those).
    static func firstRepeated(in bytes: [UInt8]) -> [String]? {
        var scanner = Scanner(bytes: bytes)
        return (try? scanner.value(path: [])) ?? nil
    }

    private struct NotJSON: Error {}

    private struct Scanner {
        let bytes: [UInt8]
        var i = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func skipSpace() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
        }

        /// Scans one value; returns the path of a repeated name inside it, if any.
        mutating func value(path: [String]) throws(NotJSON) -> [String]? {
            skipSpace()
            guard i < bytes.count else { throw NotJSON() }
            switch bytes[i] {
            case UInt8(ascii: "{"): return try object(path: path)
            case UInt8(ascii: "["): return try array(path: path)
            case UInt8(ascii: "\""): _ = try string(); return nil
            default:
                // A number or a literal: everything up to the next delimiter.
                let start = i
                while i < bytes.count, !",]} \n\r\t".utf8.contains(bytes[i]) { i += 1 }
                guard i > start else { throw NotJSON() }
                return nil
            }
        }

        mutating func object(path: [String]) throws(NotJSON) -> [String]? {
            i += 1
            var names: Set<String> = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return nil }
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw NotJSON() }
                let name = try string()
                guard names.insert(name).inserted else { return path + [name] }
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw NotJSON() }
                i += 1
                if let found = try value(path: path + [name]) { return found }
                skipSpace()
                guard i < bytes.count else { throw NotJSON() }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                guard bytes[i] == UInt8(ascii: "}") else { throw NotJSON() }
                i += 1
                return nil
            }
        }

        mutating func array(path: [String]) throws(NotJSON) -> [String]? {
            i += 1
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return nil }
            var index = 0
            while true {
                if let found = try value(path: path + ["[\(index)]"]) { return found }
                index += 1
                skipSpace()
                guard i < bytes.count else { throw NotJSON() }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                guard bytes[i] == UInt8(ascii: "]") else { throw NotJSON() }
                i += 1
                return nil
            }
        }

        /// A string, its escapes decoded (`\uD83D\uDE00` pairs included).
        mutating func string() throws(NotJSON) -> String {
            i += 1
            var scalars = String.UnicodeScalarView()
            var raw: [UInt8] = []
            func flushRaw() {
                scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
                raw.removeAll(keepingCapacity: true)
            }
            while i < bytes.count {
                let byte = bytes[i]
                if byte == UInt8(ascii: "\"") {
                    i += 1
                    flushRaw()
                    return String(scalars)
                }
                guard byte == UInt8(ascii: "\\") else {
                    raw.append(byte)
                    i += 1
                    continue
                }
                flushRaw()
                guard i + 1 < bytes.count else { throw NotJSON() }
                let escaped = bytes[i + 1]
                i += 2
                switch escaped {
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code), i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                        i += 2
                        let low = try hex4()
                        code = 0x10000 + ((code - 0xD800) << 10) + (low &- 0xDC00)
                    }
                    scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                default: scalars.append(Unicode.Scalar(escaped))
                }
            }
            throw NotJSON()
        }

        mutating func hex4() throws(NotJSON) -> UInt32 {
            guard i + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[i..<(i + 4)], as: UTF8.self), radix: 16) else {
                throw NotJSON()
            }
            i += 4
            return value
        }
    }
}
