import ActivationPipeline

/// The few EXIF facts the pipeline acts on, parsed from an image's bytes without decoding
/// pixels. Pure logic; a damaged EXIF block yields empty metadata, never an error.
public struct EXIFMetadata: Sendable, Hashable, Codable {
    /// The Orientation tag (1…8); 1 when absent.
    public var orientation: Int = 1
    /// The Software tag: what last wrote the file (an editor's name is a risk signal).
    public var software: String?
    /// The camera maker and model, present on photos, absent on screenshots.
    public var make: String?
    public var model: String?
    /// Whether a GPS IFD is present.
    public var hasGPS = false
    /// Whether camera-only tags (exposure time, f-number, ISO) are present.
    public var hasCameraSettings = false

    public init() {}

    /// The metadata of a JPEG, PNG (`eXIf`) or WebP (`EXIF` chunk) file; empty for others.
    public static func read(from bytes: [UInt8]) -> EXIFMetadata {
        guard let tiff = tiffBlock(in: bytes) else { return EXIFMetadata() }
        return parse(tiff: tiff)
    }

    /// The TIFF structure inside the container, if any.
    static func tiffBlock(in bytes: [UInt8]) -> ArraySlice<UInt8>? {
        switch ImageFormat.sniff(bytes) {
        case .jpeg:
            var i = 2
            while i + 4 <= bytes.count, bytes[i] == 0xFF {
                let marker = bytes[i + 1]
                if marker == 0xDA || marker == 0xD9 { return nil }
                let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
                let end = i + 2 + length
                guard length >= 2, end <= bytes.count else { return nil }
                if marker == 0xE1, length > 8, Array(bytes[(i + 4)..<(i + 10)]) == [0x45, 0x78, 0x69, 0x66, 0, 0] {
                    return bytes[(i + 10)..<end]
                }
                i = end
            }
            return nil
        case .png:
            var i = 8
            while i + 12 <= bytes.count {
                let length = Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
                let type = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
                let end = i + 8 + length
                guard length >= 0, end + 4 <= bytes.count else { return nil }
                if type == "eXIf" { return bytes[(i + 8)..<end] }
                if type == "IDAT" || type == "IEND" { return nil }
                i = end + 4
            }
            return nil
        case .webp:
            var i = 12
            while i + 8 <= bytes.count {
                let type = String(decoding: bytes[i..<(i + 4)], as: UTF8.self)
                let length = Int(bytes[i + 4]) | Int(bytes[i + 5]) << 8 | Int(bytes[i + 6]) << 16 | Int(bytes[i + 7]) << 24
                let end = i + 8 + length
                guard end <= bytes.count else { return nil }
                if type == "EXIF" {
                    let body = bytes[(i + 8)..<end]
                    let exifHeader: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]
                    return body.starts(with: exifHeader) ? body.dropFirst(6) : body
                }
                i = end + (length & 1)
            }
            return nil
        default:
            return nil
        }
    }

    /// Parses a TIFF-structured EXIF block (starting at its byte-order mark).
    static func parse(tiff: ArraySlice<UInt8>) -> EXIFMetadata {
        var meta = EXIFMetadata()
        let t = Array(tiff)
        guard t.count >= 8 else { return meta }
        let little = t[0] == 0x49 && t[1] == 0x49
        guard little || (t[0] == 0x4D && t[1] == 0x4D) else { return meta }
        func u16(_ o: Int) -> Int? {
            guard o >= 0, o + 2 <= t.count else { return nil }
            return little ? Int(t[o]) | Int(t[o + 1]) << 8 : Int(t[o]) << 8 | Int(t[o + 1])
        }
        func u32(_ o: Int) -> Int? {
            guard let a = u16(o), let b = u16(o + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        func ascii(count: Int, entry: Int) -> String? {
            let start = count <= 4 ? entry + 8 : (u32(entry + 8) ?? -1)
            guard start >= 0, count > 0, start + count <= t.count else { return nil }
            let text = String(decoding: t[start..<(start + count)].prefix { $0 != 0 }, as: UTF8.self)
            return text.isEmpty ? nil : text
        }
        var visited = Set<Int>()
        func walk(_ offset: Int) {
            guard visited.insert(offset).inserted, visited.count < 8, let n = u16(offset), n < 512 else { return }
            for k in 0..<n {
                let e = offset + 2 + 12 * k
                guard let tag = u16(e), let type = u16(e + 2), let count = u32(e + 4) else { return }
                switch tag {
                case 0x0112: meta.orientation = (u16(e + 8)).flatMap { (1...8).contains($0) ? $0 : nil } ?? 1
                case 0x0131 where type == 2: meta.software = ascii(count: count, entry: e)
                case 0x010F where type == 2: meta.make = ascii(count: count, entry: e)
                case 0x0110 where type == 2: meta.model = ascii(count: count, entry: e)
                case 0x8825: meta.hasGPS = true
                case 0x829A, 0x829D, 0x8827: meta.hasCameraSettings = true
                case 0x8769: if let sub = u32(e + 8) { walk(sub) }
                default: break
                }
            }
        }
        if let first = u32(4) { walk(first) }
        return meta
    }
}
