/// The size a PNG declares in its IHDR chunk, read from its first 24 bytes. Pure.
public enum PNGHeader {
    /// (width, height), or nil when `bytes` do not start with a PNG signature and IHDR.
    public static func size(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 24, bytes.prefix(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
              bytes[12..<16].elementsEqual("IHDR".utf8)
        else { return nil }
        func int(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (int(16), int(20))
    }
}
