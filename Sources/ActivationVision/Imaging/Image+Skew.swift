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

    /// A copy turned by `degrees` about its centre, the same size, corners brought in white.
    package func turned(degrees: Double) -> Image? {
        Image.wrap(pixRotate(pix, Float(degrees * .pi / 180), Int32(L_ROTATE_AREA_MAP), Int32(L_BRING_IN_WHITE), 0, 0))
    }
}
