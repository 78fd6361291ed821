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
        // Inverting the brightest channel of the inverse is inverting the darkest channel:
        // one 8-bit inversion instead of a 32-bit one.
        let channel = Int32(dark ? L_CHOOSE_MIN : L_CHOOSE_MAX)
        guard let gray = Image.wrap(pixConvertRGBToGrayMinMax(pix, channel)) else { return nil }
        return dark ? gray.inverted().map { ($0, true) } : (gray, false)
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
