internal import CLeptonica
import Foundation

extension Image {
    /// The angle, in degrees, that turns this 8-bit page's text lines level (a label
    /// photographed askew), searched within ±`range`°; nil when leptonica finds no confident
    /// angle. Blocks while it sweeps.
    package func levellingAngle(range: Double = 15) -> Double? {
        guard depth == 8, let ink = Image.wrap(pixConvertTo1(pix, 160)) else { return nil }
        var angle: Float = 0, confidence: Float = 0
        guard pixFindSkewSweepAndSearch(ink.pix, &angle, &confidence, 4, 2, Float(range), 1, 0.01) == 0, confidence >= 2
        else { return nil }
        return Double(angle)
    }

    /// The tilt of this 8-bit page's text lines, whole and by thirds (``TextTilt``), on a copy
    /// no longer than ``tiltSide`` pixels (a 50-megapixel upload is measured at about 7, which
    /// bounds the copy's bytes); nil for other depths. Blocks for about 11 ms on a phone
    /// screenshot.
    package func textTilt() -> TextTilt? {
        let side = max(width, height)
        guard depth == 8, let page = side > Self.tiltSide ? scaled(by: Double(Self.tiltSide) / Double(side)) : self,
              let bytes = page.packedBytes()
        else { return nil }
        return TextTilt.measure(gray: bytes, width: page.width, height: page.height)
    }

    /// The longest side ``textTilt()`` measures at: every screenshot and photo of the bundled
    /// sets and corpora (up to 2,796 px) at full size.
    static let tiltSide = 3_000

    /// A copy turned by `degrees` about its centre, the same size, corners brought in white.
    package func turned(degrees: Double) -> Image? {
        Image.wrap(pixRotate(pix, Float(degrees * .pi / 180), Int32(L_ROTATE_AREA_MAP), Int32(L_BRING_IN_WHITE), 0, 0))
    }
}
