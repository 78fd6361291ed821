/// A file name as the operating system holds it, bytes that need not be UTF-8, kept whole in a
/// `String`. Pure.
///
/// Swift repairs ill-formed UTF-8 (each bad byte becomes U+FFFD), so a Latin-1 `café.png` from
/// an old zip or an SMB share would lose its name and could not be opened again. Here each byte
/// of an ill-formed sequence becomes one private-use scalar, U+10FF00 + the byte (U+10FF80 …
/// U+10FFFF), and ``bytes(_:)`` turns it back, so a name read from a folder or the command line
/// reaches `open(2)` as it was. Well-formed names are unchanged. ``PrintableName`` shows such a
/// byte as `\xNN`.
public enum FileSystemName {
    static let escapeBase: UInt32 = 0x10FF00

    /// `bytes` as a name: UTF-8 where well-formed, each other byte kept as its escape scalar.
    public static func string(_ bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        if let valid = String(validating: bytes, as: UTF8.self) { return valid }
        var scalars = String.UnicodeScalarView()
        var i = 0
        while i < bytes.count {
            let lead = bytes[i]
            let length = lead < 0x80 ? 1 : lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3 : lead >= 0xF0 && lead <= 0xF4 ? 4 : 0
            if length > 0, i + length <= bytes.count,
               let decoded = String(validating: bytes[i..<(i + length)], as: UTF8.self) {
                scalars.append(contentsOf: decoded.unicodeScalars)
                i += length
            } else {
                scalars.append(Unicode.Scalar(escapeBase + UInt32(lead)) ?? "\u{FFFD}")
                i += 1
            }
        }
        return String(scalars)
    }

    /// The bytes `name` stands for: its UTF-8, with each escape scalar back to its byte.
    public static func bytes(_ name: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(name.utf8.count)
        for scalar in name.unicodeScalars {
            if let byte = escapedByte(scalar) {
                out.append(byte)
            } else {
                out.append(contentsOf: String(scalar).utf8)
            }
        }
        return out
    }

    /// The byte an escape scalar stands for, or nil for any other scalar.
    public static func escapedByte(_ scalar: Unicode.Scalar) -> UInt8? {
        (escapeBase + 0x80...escapeBase + 0xFF).contains(scalar.value) ? UInt8(scalar.value - escapeBase) : nil
    }

    /// Calls `body` with `name` as the NUL-terminated bytes a system call takes.
    public static func withCString<T>(_ name: String, _ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        if !name.unicodeScalars.contains(where: { escapedByte($0) != nil }) { return try name.withCString(body) }
        let bytes = Self.bytes(name).map { CChar(bitPattern: $0) } + [0]
        return try bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return try "".withCString(body) }
            return try body(base)
        }
    }
}
