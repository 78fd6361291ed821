/// The parameters of a `Content-Disposition: form-data; name="…"; filename="…"` header.
///
/// Pure parsing, by RFC 7578: parameters are `;`-separated, values are tokens or quoted
/// strings with `\`-escapes. `filename*` (RFC 5987) is read when it is UTF-8.
struct ContentDisposition: Sendable, Hashable {
    /// The disposition type, lowercased (`form-data`).
    var type: String
    /// The parameters, names lowercased.
    var parameters: [String: String]

    var name: String? { parameters["name"] }
    var filename: String? { parameters["filename*"].flatMap(Self.decodeExtended) ?? parameters["filename"] }

    /// Parses a header value; nil when it has no type.
    init?(_ header: String) {
        var scanner = Substring(header)
        guard let type = Self.token(&scanner), !type.isEmpty else { return nil }
        self.type = type.lowercased()
        var parameters: [String: String] = [:]
        while true {
            Self.skipSpaces(&scanner)
            guard scanner.first == ";" else { break }
            scanner.removeFirst()
            Self.skipSpaces(&scanner)
            guard let key = Self.token(&scanner), !key.isEmpty else { break }
            Self.skipSpaces(&scanner)
            guard scanner.first == "=" else { break }
            scanner.removeFirst()
            Self.skipSpaces(&scanner)
            let value = scanner.first == "\"" ? Self.quoted(&scanner) : (Self.token(&scanner) ?? "")
            parameters[key.lowercased()] = value
        }
        self.parameters = parameters
    }

    private static func skipSpaces(_ s: inout Substring) {
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
    }

    private static func token(_ s: inout Substring) -> String? {
        let end = s.firstIndex { $0 == ";" || $0 == "=" || $0 == " " || $0 == "\t" || $0 == "\"" } ?? s.endIndex
        let token = String(s[..<end])
        s = s[end...]
        return token
    }

    private static func quoted(_ s: inout Substring) -> String {
        s.removeFirst()
        var value = ""
        while let c = s.first {
            s.removeFirst()
            if c == "\"" { break }
            if c == "\\", let next = s.first {
                s.removeFirst()
                value.append(next)
            } else {
                value.append(c)
            }
        }
        return value
    }

    /// Decodes `UTF-8''na%C3%AFve.jpg`; nil for other charsets or bad escapes.
    private static func decodeExtended(_ value: String) -> String? {
        let pieces = value.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
        guard pieces.count == 3, pieces[0].lowercased() == "utf-8" else { return nil }
        var bytes: [UInt8] = []
        var rest = Substring(pieces[2]).utf8[...]
        while let byte = rest.first {
            rest = rest.dropFirst()
            if byte == UInt8(ascii: "%") {
                guard rest.count >= 2, let hex = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16) else {
                    return nil
                }
                bytes.append(hex)
                rest = rest.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
