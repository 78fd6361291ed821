import ActivationVision

/// What a page's glyph boxes tell before any OCR: where an identifier label (`IMEI`, `IMEI1`,
/// `MEID`, `IMEI/MEID`) may stand, and whether the page is *legible*, so that what the bands
/// around its labels and numbers show is all there is to read. Pure logic.
///
/// A label word is a run of capital-height glyphs, three or more long, holding a thin upright
/// bar (`I`) and a wide glyph (`M`). A page is legible when nearly all its glyphs stand in
/// horizontal runs, its lines are level, and it shows no barcode (box labels).
enum LabelShapes {
    /// The share of glyphs in horizontal runs above which a page reads as upright text.
    static let legibleShare = 0.85
    /// The largest baseline slope (rise over run) of a legible page: about 0.7°.
    static let legibleTilt = 0.012

    /// Whether the page that `pieces` (its dark components) come from is legible: upright,
    /// level text and no barcode. `glyphs` are the pieces joined (``NumberBands/joined(_:)``).
    static func legible(pieces: [PixelRect], glyphs: [PixelRect], pageHeight: Int) -> Bool {
        guard horizontalShare(glyphs: glyphs, pageHeight: pageHeight) >= legibleShare,
              let tilt = tilt(glyphs: glyphs, pageHeight: pageHeight), abs(tilt) <= legibleTilt
        else { return false }
        return !hasBarcode(pieces: pieces)
    }

    /// The boxes of the candidate label words among `glyphs` (joined pieces), top to bottom.
    static func words(glyphs: [PixelRect], pageHeight: Int) -> [PixelRect] {
        let boxes = glyphSized(glyphs, pageHeight: pageHeight)
        let words = NumberBands.clusters(boxes, firstLinkOnly: true, reach: { $0.maxX + $0.height / 2 }) { a, b in
            b.x > a.x + a.width / 3 && capLine(a, b)
        }
        return words.filter { isLabel($0, among: boxes) }
            .map { $0.dropFirst().reduce($0[0]) { $0.union($1) } }
            .sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }

    /// Whether the glyphs `w` (left to right) are shaped like a label: `IM…`, or `ME?I…`
    /// (MEID), or a bar then a glyph as wide as `ME` joined; of capitals (no taller glyph on
    /// its baseline beside it: then it is lowercase, its bar an `i` or `l`); starting a word.
    private static func isLabel(_ w: [PixelRect], among boxes: [PixelRect]) -> Bool {
        guard w.count >= 3 else { return false }
        let h = w.prefix(4).map(\.height).max() ?? 0
        func bar(_ g: PixelRect) -> Bool { g.width * 10 <= g.height * 4 }
        func wide(_ g: PixelRect) -> Bool { g.width * 100 >= h * 72 }
        guard (bar(w[0]) && wide(w[1])) || (wide(w[0]) && w.count >= 4 && bar(w[2])) else { return false }
        let x0 = w[0].x, x1 = w[w.count - 1].maxX, base = w.map(\.maxY).max() ?? 0
        let taller = boxes.contains { g in
            g.height * 10 >= h * 12 && abs(g.maxY - base) * 6 <= h && g.maxX >= x0 - h && g.x < x1 - h / 2
        }
        let joinedLeft = boxes.contains { g in
            g.maxX <= x0 && g.maxX * 10 >= x0 * 10 - h * 3 && g.y < w[0].maxY && w[0].y < g.maxY && g != w[0]
        }
        return !taller && !joinedLeft
    }

    /// The share of glyph-sized boxes linked to a like glyph beside them on one baseline: near
    /// 1 on an upright screenshot, low on a page turned by a quarter turn or a photo whose
    /// glyphs broke apart.
    static func horizontalShare(glyphs: [PixelRect], pageHeight: Int) -> Double {
        let boxes = glyphSized(glyphs, pageHeight: pageHeight)
        guard !boxes.isEmpty else { return 0 }
        let runs = NumberBands.clusters(boxes, firstLinkOnly: true, reach: { $0.maxX + $0.height * 6 / 10 }) { a, b in
            let tolerance = max(2, max(a.height, b.height) * 3 / 10)
            return b.x > a.x + a.width / 3 && abs(a.maxY - b.maxY) <= tolerance
                && min(a.maxY, b.maxY) - max(a.y, b.y) >= min(a.height, b.height) / 2
        }
        let linked = runs.filter { $0.count >= 2 }.reduce(0) { $0 + $1.count }
        return Double(linked) / Double(boxes.count)
    }

    /// The median slope (rise over run) of the page's long lines of like glyphs, along their
    /// baselines; nil when fewer than three such lines stand on the page.
    static func tilt(glyphs: [PixelRect], pageHeight: Int) -> Double? {
        let boxes = glyphSized(glyphs, pageHeight: pageHeight).filter { $0.width * 8 >= $0.height }
        var slopes: [Double] = []
        for run in NumberBands.runs(boxes, dots: []) where run.count >= 6 {
            guard let first = run.first, let last = run.last, last.x - first.x >= first.height * 4 else { continue }
            slopes.append(Double(last.maxY - first.maxY) / Double(last.maxX - first.maxX))
        }
        guard slopes.count >= 3 else { return nil }
        slopes.sort()
        return slopes[slopes.count / 2]
    }

    /// Whether the page shows a barcode: ten or more thin bars of one height side by side, at
    /// least half the pieces of their row. A photo's blur, or a page shrunk for reading, runs
    /// neighbouring bars together into wider pieces of the same height: they carry the row on
    /// (a real 12-megapixel box label, shrunk to 0.3, kept its thin bars in runs of at most 7).
    static func hasBarcode(pieces: [PixelRect]) -> Bool {
        let upright = pieces.filter { $0.height >= 12 && $0.width <= $0.height }.sorted { $0.x < $1.x }
        let rows = NumberBands.clusters(upright, firstLinkOnly: true, reach: { $0.maxX + $0.height / 3 }) { a, b in
            abs(a.y - b.y) * 8 <= a.height && abs(a.maxY - b.maxY) * 8 <= a.height
        }
        return rows.contains { row in
            let thin = row.filter { $0.width * 4 <= $0.height }.count
            return thin >= 10 && thin * 2 >= row.count
        }
    }

    /// Boxes of a glyph's size, left to right: not specks, not pictures, not wide rules.
    private static func glyphSized(_ glyphs: [PixelRect], pageHeight: Int) -> [PixelRect] {
        glyphs.filter { $0.height >= 6 && $0.height * 8 <= pageHeight && $0.width * 2 <= $0.height * 5 }
            .sorted { $0.x < $1.x }
    }

    /// Two glyphs of one line of capitals: heights within 15%, tops and bottoms aligned.
    private static func capLine(_ a: PixelRect, _ b: PixelRect) -> Bool {
        let tolerance = max(2, max(a.height, b.height) * 15 / 100)
        return abs(a.height - b.height) <= tolerance && abs(a.y - b.y) <= tolerance && abs(a.maxY - b.maxY) <= tolerance
    }
}
