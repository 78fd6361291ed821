import ActivationPipeline
import ActivationVision
import Foundation

extension ScreenReading {
    /// The IMEI barcode printed under `value`, scanning only the band below its row.
    func barcode(under value: LabelledValue, on page: Page) -> Barcode? {
        guard let barcodes else { return nil }
        let h = value.textHeight
        let left = value.labelBox.x - h
        let band = PixelRect(
            x: left, y: value.labelBox.y, width: max(value.region.maxX, value.labelBox.maxX) + 2 * h - left,
            height: max(value.labelBox.maxY, value.region.maxY) - value.labelBox.y + 5 * h)
        guard let crop = page.image.cropped(to: band) else { return nil }
        // The crop starts where the band does, inside the page.
        let cropFrame = PageFrame([.scaled(1, origin: (max(0, band.x), max(0, band.y)))])
        let found = barcodes.scan(crop).filter { IMEI.isValid($0.text) }.map { code in
            Barcode(text: code.text, box: cropFrame.back(code.box))
        }
        return Barcode.under(value, among: found)
    }

    /// A reading supplied by the barcode when OCR could not read the number: a barcode is
    /// checksummed and exact, and the result says `corrected`.
    func supply(_ code: Barcode, value: LabelledValue, on page: Page) -> IMEIReading {
        IMEIReading(
            value: code.text, label: value.label.text, slot: value.label.slot, softwareVersion: nil,
            confidence: tuning.suppliedConfidence, box: page.frame.back(value.region).array, corrected: true,
            channels: [IMEIReading.barcode])
    }

    /// The last resort when the page gave no IMEI (box-label photos, small or busy screens):
    /// every IMEI-shaped barcode on the image, kept only where the text just above it carries
    /// an IMEI label (``captioned(_:on:)``). The barcode is exact; its number needs the label
    /// like any other. Scanned as printed: a label photographed on a dark box turned the gray
    /// inverse, and zbar reads dark bars only.
    func barcodeAnchored() -> [IMEIReading] {
        guard let barcodes else { return [] }
        let printed = inverted ? gray.inverted() ?? gray : gray
        var found: [IMEIReading] = []
        for code in barcodes.scan(printed) where IMEI.isValid(code.text) && !found.contains(where: { $0.value == code.text }) {
            if let reading = captioned(code, on: printed) { found.append(reading) }
        }
        return found
    }

    /// The IMEI barcode `code` as a reading, when the text just above it on `printed` (the
    /// picture as printed: dark bars and print on light paper), read by Tesseract, carries an
    /// IMEI label; nil otherwise. Blocks the caller's thread for one small read.
    func captioned(_ code: Barcode, on printed: Image) -> IMEIReading? {
        // zbar's box spans only the scanlines it decoded; the width is what is reliable.
        // The printed number above an IMEI barcode is about as wide as the bars, so its
        // text stands about 6% of that width tall.
        let span = printed.darkRun(alongRow: code.box.y + code.box.height / 2, around: code.box.x + code.box.width / 2)
        let x0 = min(code.box.x, span.lowerBound), x1 = max(code.box.maxX, span.upperBound)
        let w = max(tuning.minCaptionWidth, x1 - x0)
        let reach = w * tuning.captionBandPercent / 100
        let band = PixelRect(x: x0 - w / 8, y: code.box.y - reach, width: w * 5 / 4, height: reach)
        guard let crop = printed.cropped(to: band),
              let scaled = crop.scaled(by: tuning.targetTextHeight / (Double(w) * tuning.captionHeightShare))
        else { return nil }
        if let dir = trace.dumpDirectory { scaled.dump(to: dir + "/caption-\(code.box.x)-\(code.box.y).png") }
        // Tesseract's own layout analysis: in one uniform block the bars above the caption
        // swallowed it (a 12-megapixel label's caption read "JIMA").
        let lines = engine.recognize(scaled, mode: .auto, stop: stop)
        trace("  barcode \(code.box.array) band \(band.array): \(lines.map(\.text))")
        // The label of the line that holds the barcode's digits, else of the line nearest the
        // bars: a tall band may reach the line of the IMEI above.
        let holding = lines.filter { $0.text.filter(\.isASCIIDigit).contains(code.text) }
        let candidates = holding.isEmpty ? lines.reversed() : holding
        guard let label = candidates.lazy.flatMap(\.words).compactMap({ IdentifierLabel.parse($0.text) }).first(where: { $0.kind == .imei })
        else { return nil }
        let digits = lines.flatMap(\.words).map(\.text).joined().filter(\.isASCIIDigit)
        let agrees = digits.contains(code.text)
        return IMEIReading(
            value: code.text, label: label.text, slot: label.slot, softwareVersion: nil,
            confidence: agrees ? tuning.anchoredConfidence : tuning.anchoredUncheckedConfidence,
            box: band.clamped(width: gray.width, height: gray.height).array,
            corrected: !agrees, channels: agrees ? [IMEIReading.text, IMEIReading.barcode] : [IMEIReading.barcode])
    }
}
