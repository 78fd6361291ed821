internal import CLeptonica

extension Image {
    /// An 8-bit gray copy for reading text: dark text on a light ground (dark-mode screens
    /// inverted), with coloured markup (yellow highlighter, red ink) washed out by taking the
    /// brightest channel. Returns the copy and whether it was inverted.
    public func textGray() -> (image: Image, inverted: Bool)? {
        if depth == 8 {
            let dark = centreIsDark()
            return dark ? inverted().map { ($0, true) } : (self, false)
        }
        guard let luminance = Image.wrap(pixConvertRGBToLuminance(pix)) else { return nil }
        let dark = luminance.centreIsDark()
        let source = dark ? inverted() : self
        guard let source, let gray = Image.wrap(pixConvertRGBToGrayMinMax(source.pix, Int32(L_CHOOSE_MAX))) else {
            return nil
        }
        return (gray, dark)
    }

    /// Whether the middle of the picture (where a photographed screen sits, whatever
    /// surrounds it) is mostly dark: a dark-mode screen. 8-bit images only.
    func centreIsDark() -> Bool {
        let centre = PixelRect(x: width / 5, y: height / 5, width: width * 3 / 5, height: height * 3 / 5)
        guard let middle = cropped(to: centre) else { return meanGray() < 110 }
        return middle.meanGray() < 110
    }

    /// A copy whose local background is stretched to white, so that one global threshold
    /// separates text from ground everywhere: grey dialogs on white or black, glare, shadows.
    public func backgroundNormalized() -> Image? {
        guard depth == 8 else { return nil }
        return Image.wrap(pixBackgroundNormSimple(pix, nil, nil))
    }
}
