internal import CLeptonica
internal import CDecode

extension Image {
    /// The common PNG screenshot (8-bit gray or colour, with or without alpha, not interlaced)
    /// decoded through `CDecode` (libdeflate): a fifth of the time leptonica's libpng path takes,
    /// whose zlib inflate was a tenth of the reader's CPU on PNG screenshots. Nil for any other
    /// PNG, or damaged data: the caller then decodes it the general way. Alpha is kept (the
    /// decoder flattens it over white, as for every format). The caller has checked the chunks'
    /// CRCs and the size against its budget.
    static func decodingPNG(_ bytes: [UInt8]) -> Image? {
        bytes.withUnsafeBufferPointer { buffer -> Image? in
            guard let base = buffer.baseAddress else { return nil }
            var width: Int32 = 0, height: Int32 = 0, depth: Int32 = 0, alpha: Int32 = 0
            guard CPNG_info(base, buffer.count, &width, &height, &depth, &alpha) == 0,
                  let image = Image.wrap(pixCreateNoInit(width, height, depth)), let data = pixGetData(image.pix),
                  CPNG_decode(base, buffer.count, data, pixGetWpl(image.pix)) == 0
            else { return nil }
            if alpha != 0 { pixSetSpp(image.pix, 4) }
            return image
        }
    }

    /// A JPEG in YCbCr, RGB or gray decoded through `CDecode` (libjpeg-turbo writing straight
    /// into the image's rows): the same pixels as leptonica's reader at 40% of its time. Nil for
    /// CMYK or on a decoding error: the caller then decodes it the general way.
    static func decodingJPEG(_ bytes: [UInt8]) -> Image? {
        bytes.withUnsafeBufferPointer { buffer -> Image? in
            guard let base = buffer.baseAddress else { return nil }
            var width: Int32 = 0, height: Int32 = 0, depth: Int32 = 0, warnings: Int32 = 0
            guard CJPEG_info(base, buffer.count, &width, &height, &depth) == 0,
                  let image = Image.wrap(pixCreateNoInit(width, height, depth)), let data = pixGetData(image.pix),
                  CJPEG_decode(base, buffer.count, data, pixGetWpl(image.pix), &warnings) == 0
            else { return nil }
            return image
        }
    }

    /// Any format leptonica reads (PNG, WebP, TIFF, GIF, BMP …) decoded by leptonica; nil when
    /// it cannot.
    static func decodingAny(_ bytes: [UInt8]) -> Image? {
        bytes.withUnsafeBufferPointer { Image.wrap(pixReadMem($0.baseAddress, $0.count)) }
    }
}
