/// An image container format, judged by content, never by file name. Pure logic.
public enum ImageFormat: String, Sendable, Codable, CaseIterable {
    case png, jpeg, webp, tiff, gif, bmp, heic, pdf, unknown

    /// The format whose signature starts `bytes`, or `.unknown`.
    public static func sniff(_ bytes: some Collection<UInt8>) -> ImageFormat {
        let head = Array(bytes.prefix(16))
        func starts(_ sig: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + sig.count && Array(head[offset..<offset + sig.count]) == sig
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("BM".utf8)) && head.count >= 14 { return .bmp }
        if starts(Array("%PDF".utf8)) { return .pdf }
        if starts(Array("ftyp".utf8), at: 4), head.count >= 12 {
            let brand = String(decoding: head[8..<12], as: UTF8.self)
            let heif: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1", "avif"]
            if heif.contains(brand) { return .heic }
        }
        return .unknown
    }

    /// The usual file extensions for this format, lowercased.
    public var extensions: Set<String> {
        switch self {
        case .png: ["png"]
        case .jpeg: ["jpg", "jpeg", "jpe", "jfif"]
        case .webp: ["webp"]
        case .tiff: ["tif", "tiff"]
        case .gif: ["gif"]
        case .bmp: ["bmp", "dib"]
        case .heic: ["heic", "heif", "hif", "avif"]
        case .pdf: ["pdf"]
        case .unknown: []
        }
    }
}
