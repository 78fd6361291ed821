/// Checks a PNG's chunk structure before libpng sees it. Pure.
///
/// libpng reports a cut or damaged file by printing `libpng error: …` on stderr (leptonica
/// installs no handler of its own), which no caller can silence. A file whose chunks run past
/// its end, that has no `IEND`, or whose critical chunks (`IHDR`, `PLTE`, `IDAT`, `IEND`) fail
/// their CRC is refused here instead, with a reason, and never reaches libpng.
enum PNGStructure {
    /// Nil when the chunks are whole up to `IEND`; else why not.
    static func problem(in bytes: [UInt8]) -> String? {
        var i = 8
        while i + 12 <= bytes.count {
            let length = Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            let type = bytes[(i + 4)..<(i + 8)]
            guard length <= bytes.count - i - 12 else { return "truncated: a chunk runs past the end of the file" }
            let end = i + 8 + length
            // Critical chunks have an upper-case first letter (bit 5 clear).
            if type[type.startIndex] & 0x20 == 0 {
                let stored = UInt32(bytes[end]) << 24 | UInt32(bytes[end + 1]) << 16 | UInt32(bytes[end + 2]) << 8 | UInt32(bytes[end + 3])
                guard crc32(bytes[(i + 4)..<end]) == stored else {
                    return "damaged: the \(String(decoding: type, as: UTF8.self)) chunk fails its CRC"
                }
            }
            if type.elementsEqual("IEND".utf8) { return nil }
            i = end + 4
        }
        return "truncated: no IEND chunk"
    }

    /// The CRC-32 PNG uses (ISO 3309, reflected, polynomial 0xEDB88320).
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }
}
