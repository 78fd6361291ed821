internal import CLeptonica

extension Image {
    /// The image as a baseline JPEG at `quality` (1…100), made from the pixels alone: no EXIF,
    /// no GPS, no comment (leptonica would write back a comment it read). Nil when leptonica
    /// fails. Blocks while encoding; uses only this image, so it belongs to the caller's thread.
    public func jpegData(quality: Int) -> [UInt8]? {
        guard let source = withoutText() else { return nil }
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = pixWriteMemJpeg(&data, &size, source.pix, Int32(min(100, max(1, quality))), 0)
        guard let data else { return nil }
        defer { lept_free(data) }
        guard status == 0 else { return nil }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// The image as PNG, without text chunks. Nil when leptonica fails.
    public func pngData() -> [UInt8]? {
        guard let source = withoutText() else { return nil }
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = pixWriteMemPng(&data, &size, source.pix, 0)
        guard let data else { return nil }
        defer { lept_free(data) }
        guard status == 0 else { return nil }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// This image when it carries no text, else a copy with the text removed.
    private func withoutText() -> Image? {
        guard pixGetText(pix) != nil else { return self }
        guard let copy = Image.wrap(pixCopy(nil, pix)) else { return nil }
        pixSetText(copy.pix, nil)
        return copy
    }
}
