public import ActivationPipeline
internal import CLeptonica

/// Turns bytes into an upright `Image`: sniffs the format, checks the declared size against
/// the budget before allocating, decodes (leptonica for PNG, JPEG, WebP, TIFF, GIF, BMP;
/// libheif for HEIC), flattens alpha over white, reduces 16-bit and palette images to 8-bit,
/// and applies the EXIF orientation. Blocks while decoding; safe from several threads.
public enum ImageDecoder {
    /// Silences leptonica's messages on stderr, once per process.
    static let quiet: Void = { _ = setMsgSeverity(Int32(L_SEVERITY_NONE)) }()

    /// The format and declared size, without decoding pixels.
    public static func header(
        of bytes: [UInt8], budget: PixelBudget = PixelBudget()
    ) throws(ImageLoadError) -> (format: ImageFormat, width: Int, height: Int) {
        _ = quiet
        guard !bytes.isEmpty else { throw .empty }
        let format = ImageFormat.sniff(bytes)
        switch format {
        case .unknown, .pdf:
            throw .unsupportedFormat(format)
        case .heic:
            let h = try HEIFDecoder.read(bytes, budget: budget, decode: false)
            return (format, h.width, h.height)
        default:
            var iff: Int32 = 0, w: Int32 = 0, h: Int32 = 0, bps: Int32 = 0, spp: Int32 = 0, cmap: Int32 = 0
            let status = bytes.withUnsafeBufferPointer { buf in
                pixReadHeaderMem(buf.baseAddress, buf.count, &iff, &w, &h, &bps, &spp, &cmap)
            }
            guard status == 0 else { throw .corrupt(format, "unreadable header") }
            try budget.check(width: Int(w), height: Int(h), format: format)
            return (format, Int(w), Int(h))
        }
    }

    /// Decodes `bytes` within `budget`.
    public static func decode(_ bytes: [UInt8], budget: PixelBudget = PixelBudget()) throws(ImageLoadError) -> DecodedImage {
        let (format, width, height) = try header(of: bytes, budget: budget)
        var exif = EXIFMetadata()
        var raw: Image?
        switch format {
        case .heic:
            let h = try HEIFDecoder.read(bytes, budget: budget)
            exif = h.exif
            raw = h.image
        case .jpeg:
            guard hasEndOfImage(bytes) else { throw .corrupt(.jpeg, "truncated: no end-of-image marker") }
            raw = Image.decodingJPEG(bytes) ?? bytes.withUnsafeBufferPointer { buffer in
                var warnings: Int32 = 0
                return Image.wrap(pixReadMemJpeg(buffer.baseAddress, buffer.count, 0, 1, &warnings, 0))
            }
            exif = EXIFMetadata.read(from: bytes)
        case .png:
            if let problem = PNGStructure.problem(in: bytes) { throw .corrupt(.png, problem) }
            raw = Image.decodingPNG(bytes) ?? Image.decodingAny(bytes)
            exif = EXIFMetadata.read(from: bytes)
        default:
            raw = Image.decodingAny(bytes)
            exif = EXIFMetadata.read(from: bytes)
        }
        guard let raw else { throw .corrupt(format, "the pixel data does not decode") }
        guard raw.width == width || format == .heic, let flat = normalized(raw) else {
            throw .corrupt(format, "unexpected pixel layout")
        }
        guard let upright = oriented(flat, exif.orientation) else { throw .corrupt(format, "could not orient") }
        return DecodedImage(
            image: upright, format: format, exif: exif, storedWidth: width, storedHeight: height,
            transparentCorners: transparentCorners(raw)
        )
    }

    /// Whether `image` has an alpha channel and its four corner pixels are fully transparent.
    static func transparentCorners(_ image: Image) -> Bool {
        guard image.depth == 32, pixGetSpp(image.pix) == 4, image.width > 1, image.height > 1 else { return false }
        let corners = [(0, 0), (image.width - 1, 0), (0, image.height - 1), (image.width - 1, image.height - 1)]
        return corners.allSatisfy { x, y in
            var value: UInt32 = 0
            // A 32-bit pixel is R G B A from the most significant byte: alpha is the lowest.
            return pixGetPixel(image.pix, Int32(x), Int32(y), &value) == 0 && value & 0xff == 0
        }
    }

    /// Whether a JPEG's last scan is followed by its end-of-image marker (a cut file has none).
    static func hasEndOfImage(_ bytes: [UInt8]) -> Bool {
        var lastScan = -1, lastEnd = -1
        var i = 0
        while i + 1 < bytes.count {
            if bytes[i] == 0xFF {
                if bytes[i + 1] == 0xDA { lastScan = i } else if bytes[i + 1] == 0xD9 { lastEnd = i }
            }
            i += 1
        }
        return lastScan >= 0 && lastEnd > lastScan
    }

    /// 8-bit gray or 32-bit RGB without alpha or palette.
    static func normalized(_ image: Image) -> Image? {
        var current = image
        if pixGetColormap(current.pix) != nil {
            guard let next = Image.wrap(pixRemoveColormap(current.pix, Int32(REMOVE_CMAP_BASED_ON_SRC))) else { return nil }
            current = next
        }
        switch current.depth {
        case 8:
            return current
        case 32:
            if pixGetSpp(current.pix) == 4 {
                return Image.wrap(pixRemoveAlpha(current.pix))
            }
            return current
        case 16:
            return Image.wrap(pixConvert16To8(current.pix, Int32(L_MS_BYTE)))
        default:
            return Image.wrap(pixConvertTo8(current.pix, 0))
        }
    }

    /// Applies an EXIF orientation (1…8) so that the image stands as it is meant to be seen.
    static func oriented(_ image: Image, _ orientation: Int) -> Image? {
        switch orientation {
        case 2: image.flipped(horizontally: true)
        case 3: image.rotated(quarterTurns: 2)
        case 4: image.flipped(horizontally: false)
        case 5: image.rotated(quarterTurns: 1)?.flipped(horizontally: true)
        case 6: image.rotated(quarterTurns: 1)
        case 7: image.rotated(quarterTurns: 1)?.flipped(horizontally: false)
        case 8: image.rotated(quarterTurns: 3)
        default: image
        }
    }
}
