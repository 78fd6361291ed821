import Foundation

/// Files built byte by byte: padded JPEGs of an exact size, JPEGs carrying EXIF (orientation,
/// GPS), a PNG that declares 60000×60000 pixels, and non-images.
extension KYCSamples {
    /// `jpeg` grown to exactly `size` bytes with comment (COM) segments after SOI, so it still
    /// decodes to the same pixels.
    static func padded(_ jpeg: [UInt8], to size: Int) -> [UInt8] {
        var missing = size - jpeg.count
        precondition(missing >= 0, "the JPEG is already larger")
        var segments: [UInt8] = []
        while missing > 0 {
            // A COM segment is FF FE, a 2-byte length (counting itself), then the payload.
            let total = missing > 65_537 ? 65_537 : missing
            if total < 4 {
                // Too short for a segment: end with filler after the end-of-image marker.
                return [UInt8](jpeg[0..<2]) + segments + jpeg[2...] + [UInt8](repeating: 0, count: total)
            }
            let payload = total - 4
            let length = payload + 2
            segments += [0xFF, 0xFE, UInt8(length >> 8), UInt8(length & 0xFF)]
            segments += [UInt8](repeating: 0x20, count: payload)
            missing -= total
        }
        return [UInt8](jpeg[0..<2]) + segments + jpeg[2...]
    }

    /// `jpeg` with an EXIF APP1 segment after SOI holding the orientation and a GPS IFD
    /// (latitude 45°30′N, longitude 73°34′W).
    static func withEXIF(_ jpeg: [UInt8], orientation: UInt16, gps: Bool) -> [UInt8] {
        var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00]  // "II", 42, IFD0 at 8
        func u16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)] }
        let entries = gps ? 2 : 1
        let gpsOffset = UInt32(8 + 2 + 12 * entries + 4)
        tiff += u16(UInt16(entries))
        tiff += u16(0x0112) + u16(3) + u32(1) + u16(orientation) + u16(0)  // Orientation, SHORT
        if gps { tiff += u16(0x8825) + u16(4) + u32(1) + u32(gpsOffset) }  // GPSInfo IFD pointer
        tiff += u32(0)  // no next IFD
        if gps {
            // GPS IFD: LatitudeRef, Latitude, LongitudeRef, Longitude; rationals after the IFD.
            let rationals = gpsOffset + 2 + 12 * 4 + 4
            tiff += u16(4)
            tiff += u16(0x0001) + u16(2) + u32(2) + [0x4E, 0, 0, 0]  // "N"
            tiff += u16(0x0002) + u16(5) + u32(3) + u32(rationals)
            tiff += u16(0x0003) + u16(2) + u32(2) + [0x57, 0, 0, 0]  // "W"
            tiff += u16(0x0004) + u16(5) + u32(3) + u32(rationals + 24)
            tiff += u32(0)
            for (d, m) in [(45, 30), (73, 34)] {
                tiff += u32(UInt32(d)) + u32(1) + u32(UInt32(m)) + u32(1) + u32(0) + u32(1)
            }
        }
        let body: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
        let length = body.count + 2
        let app1: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + body
        return [UInt8](jpeg[0..<2]) + app1 + jpeg[2...]
    }

    /// A PNG whose header declares `width`×`height` pixels, with valid CRCs and almost no data:
    /// a decompression bomb's header.
    static func pngDeclaring(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + data
            return be(UInt32(data.count)) + typed + be(crc32(typed))
        }
        let ihdr = be(width) + be(height) + [8, 2, 0, 0, 0]  // 8-bit RGB
        let idat: [UInt8] = [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]  // an empty zlib stream
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IDAT", idat) + chunk("IEND", [])
    }

    /// The CRC-32 of PNG chunks (ISO 3309).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    /// A 1×1 GIF.
    static let gif: [UInt8] = [
        0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0xFF, 0xFF, 0xFF,
        0x00, 0x00, 0x00, 0x21, 0xF9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00, 0x2C, 0x00, 0x00, 0x00, 0x00,
        0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B,
    ]

    /// The start of a PDF.
    static let pdf: [UInt8] = Array("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n".utf8)
}
