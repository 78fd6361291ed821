/// Bytes as lowercase hexadecimal text: how digests (SHA-256 of a screenshot, the device ID)
/// are written everywhere. Pure.
public enum Hex {
    /// Two lowercase hex digits per byte, in order.
    public static func lowercase(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
