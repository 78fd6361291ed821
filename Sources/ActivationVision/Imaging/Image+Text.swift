internal import CLeptonica

extension Image {
    /// An 8-bit gray copy for reading text: dark text on a light ground (dark-mode screens
    /// inverted), with coloured markup (yellow highlighter, red ink) washed out by taking the
    /// brightest channel. Returns the copy and whether it was inverted.
    public func textGray() -> (image: Image, inverted: Bool)? {
        let dark = centreIsDark()
        if depth == 8 {
            return dark ? inverted().map { ($0, true) } : (self, false)
        }
        // Inverting the brightest channel of the inverse is inverting the darkest channel,
        // done in the same pass.
        return channelGray(darkest: dark).map { ($0, dark) }
    }

    /// The 8-bit image of each pixel's brightest channel, or of its darkest one inverted, in
    /// one pass over the 32-bit words (leptonica's `pixConvertRGBToGrayMinMax` and a separate
    /// inversion took three times as long: 5% of the reader's CPU on clean screenshots).
    private func channelGray(darkest: Bool) -> Image? {
        let w = width, h = height
        guard depth == 32, let src = pixGetData(pix),
              let out = Image.wrap(pixCreate(Int32(w), Int32(h), 8)), let dst = pixGetData(out.pix)
        else { return nil }
        pixCopyResolution(out.pix, pix)
        let srcWpl = Int(pixGetWpl(pix)), dstWpl = Int(pixGetWpl(out.pix))
        @inline(__always) func value(_ p: UInt32) -> UInt32 {
            let r = p >> 24, g = (p >> 16) & 0xFF, b = (p >> 8) & 0xFF
            return darkest ? 255 - min(r, min(g, b)) : max(r, max(g, b))
        }
        for y in 0..<h {
            let line = src + y * srcWpl, outLine = dst + y * dstWpl
            // Four pixels to a word of the 8-bit image, the first in its top byte; the last
            // word's padding repeats the row's last pixel.
            for word in 0..<dstWpl {
                let x = word * 4
                if x + 3 < w {
                    outLine[word] = value(line[x]) << 24 | value(line[x + 1]) << 16 | value(line[x + 2]) << 8 | value(line[x + 3])
                } else {
                    var packed: UInt32 = 0
                    for k in 0..<4 { packed |= value(line[min(x + k, w - 1)]) << (24 - 8 * UInt32(k)) }
                    outLine[word] = packed
                }
            }
        }
        return out
    }

    /// Whether the middle of the picture (where a photographed screen sits, whatever
    /// surrounds it) is mostly dark: a dark-mode screen. Samples every fourth pixel.
    package func centreIsDark() -> Bool {
        guard let box = boxCreate(Int32(width / 5), Int32(height / 5), Int32(max(1, width * 3 / 5)), Int32(max(1, height * 3 / 5)))
        else { return false }
        var b: UnsafeMutablePointer<BOX>? = box
        defer { boxDestroy(&b) }
        if depth == 8 {
            var mean: Float = 255
            guard pixAverageInRect(pix, nil, box, 0, 255, 4, &mean) == 0 else { return false }
            return mean < 110
        }
        var rgb: UInt32 = 0xFFFF_FF00
        guard pixAverageInRectRGB(pix, nil, box, 4, &rgb) == 0 else { return false }
        let r = Double(rgb >> 24 & 0xFF), g = Double(rgb >> 16 & 0xFF), b2 = Double(rgb >> 8 & 0xFF)
        return 0.3 * r + 0.59 * g + 0.11 * b2 < 110
    }

    /// A copy whose local background is stretched to white, so that one global threshold
    /// separates text from ground everywhere: grey dialogs on white or black, glare, shadows.
    public func backgroundNormalized() -> Image? {
        guard depth == 8 else { return nil }
        return Image.wrap(pixBackgroundNormSimple(pix, nil, nil))
    }
}
