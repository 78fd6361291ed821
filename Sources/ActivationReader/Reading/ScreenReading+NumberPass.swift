import ActivationVision
import Foundation

extension ScreenReading {
    /// Lines already read on the page at its first scale, and the rows they came from.
    struct Known {
        let rows: [Range<Int>]
        let lines: [OCRLine]
    }

    /// The page read only in the bands around its long numbers (``NumberBands``), stacked
    /// into one small image, and those bands: nil when there is no such band, when the bands
    /// cover most of the page anyway, or when their text is far from the size Tesseract
    /// reads best.
    func numberPass(on page: Image, scale: Double) -> (page: Page, bands: [Range<Int>])? {
        guard let glyphs = page.darkComponents() else { return nil }
        let bands = NumberBands.bands(glyphs: glyphs, pageHeight: page.height)
        let covered = bands.reduce(0) { $0 + $1.rows.count }
        guard !bands.isEmpty, covered * 2 < page.height,
              bands.allSatisfy({ Self.textHeightRange.contains(Double($0.height)) }),
              let (stack, placed) = page.stackingRows(bands.map(\.rows), gap: 24)
        else { return nil }
        // Back to page rows: each box moves with the band its middle falls in.
        let lines = engine.recognize(stack, mode: .block).map { line in
            line.movingBoxes { r in
                guard let band = placed.last(where: { $0.top <= r.y + r.height / 2 }) else { return r }
                return PixelRect(x: r.x, y: r.y - band.top + band.rows.lowerBound, width: r.width, height: r.height)
            }
        }
        let values = ValueLocator.locate(lines, pageWidth: page.width, pageHeight: page.height)
        if Self.debug {
            FileHandle.standardError.write(Data("number pass: bands \(bands.map { "\($0.rows)@\($0.height)" }) labels=\(values.count)\n".utf8))
            for l in lines { FileHandle.standardError.write(Data("  | \(l.text)\n".utf8)) }
        }
        return (Page(image: page, scale: scale, quarterTurns: 0, source: gray, lines: lines, values: values), placed.map(\.rows))
    }
}
