import ActivationVision

/// Where on a page a long number stands, found from glyph boxes alone before any OCR: a run
/// of glyphs of one height, close together, with no dot or colon between them (those make
/// addresses, versions and times), about as long as 14 to 20 digits (an IMEI, a MEID, also
/// an ICCID; not a 32-digit EID). The reader first reads only the bands around such runs:
/// the run's row, and the rows above it when nothing stands to its left (a value alone on
/// its row has its label above it). Pure logic.
enum NumberBands {
    /// How far a band reaches above a run with no label beside it, in run heights: Android's
    /// and iOS `*#06#` labels stand about 1.7–2.5 heights above their values.
    static let reachAbove = 3.5
    /// How far a band reaches beyond its run's row otherwise, in run heights.
    static let margin = 0.7
    /// A run's length, in its glyph height: 15 digits stand about 9–14 heights long.
    static let runLength = 7...22
    /// The glyphs of a labelled value on a legible page: 14 to 17 digits, a MEID's 14, with a
    /// space or slash or two, and not the 20 of an ICCID.
    static let labelledRunLength = 12...19
    /// The glyphs of an IMEI alone: 15 digits, and a `/NN` software version at most.
    static let imeiRunLength = 15...18
    /// How far left of a run a word counts as its label on its row, in run heights: a label and
    /// its gap ("IMEI 1", "IMEI (slot 2)") stand within about ten.
    static let labelReach = 12
    /// The widest box, in its heights, that may be touching glyphs (``glyphCount(_:)``).
    static let maxTouchingWidth = 6
    /// A box this many times its run's median width is glyphs that touch (``glyphCount(_:)``).
    static let touchingWidth = 1.6
    /// A gap between two glyphs of a run wider than this many heights is a space between words
    /// (``words(_:)``): digits of one number stand under a quarter height apart.
    static let wordGap = 0.35

    /// The row bands, top to bottom and merged where they touch, around every number-like
    /// run among `pieces` (dark connected components of a page `pageHeight` rows tall), each
    /// with its run's glyph height.
    ///
    /// On a legible page, `labels` holds its label-shaped words (``LabelShapes``): then only a
    /// run as long as 12 to 19 glyphs counts, with one of them beside, above or as a heading over
    /// it, or one as long as an IMEI (``imeiRunLength``) alone; its band is its own row alone (the
    /// label's row has a band of its own).
    static func bands(glyphs pieces: [PixelRect], pageHeight: Int, labels: [PixelRect]? = nil) -> [(rows: Range<Int>, height: Int)] {
        let glyphs = joined(pieces)
        let dots = glyphs.filter { $0.height >= 2 && $0.width >= 2 }.sorted { $0.x < $1.x }
        // Glyph-sized: not specks, not rules or bars (too thin), not pictures; or a few glyphs
        // that touch (``glyphCount(_:)``).
        let boxes = glyphs.filter {
            $0.height >= 6 && $0.height * 8 <= pageHeight && $0.width * 8 >= $0.height && $0.width <= $0.height * maxTouchingWidth
        }
        var found: [(rows: Range<Int>, height: Int)] = []
        for run in runs(boxes, dots: dots).flatMap({ [$0] + words($0) }) {
            let count = glyphCount(run) + steppedOver(run, among: boxes)
            guard labels == nil ? count >= 8 : labelledRunLength.contains(count) else { continue }
            let heights = run.map(\.height).sorted()
            let h = heights[heights.count / 2]
            let x0 = run.map(\.x).min() ?? 0, x1 = run.map(\.maxX).max() ?? 0
            guard (runLength.lowerBound * h...runLength.upperBound * h).contains(x1 - x0) else { continue }
            let y0 = run.map(\.y).min() ?? 0, y1 = run.map(\.maxY).max() ?? 0
            // Lowercase text: taller letters (ascenders) stand among the run on its baseline.
            let ascenders = boxes.filter {
                $0.height * 4 >= h * 5 && abs($0.maxY - y1) * 7 <= h && $0.midX > Double(x0) && $0.midX < Double(x1)
            }
            guard ascenders.count < 2 else { continue }
            if let labels {
                // With a label-shaped word beside, above or over it; or as long as an IMEI alone
                // is, whatever stands beside it: a label too light for the glyph look (grey text
                // flattened away, `samples/layouts`) or in a case it does not know (`Imei`).
                let box = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
                guard imeiRunLength.contains(count) || labels.contains(where: { Self.label($0, names: box, height: h, among: glyphs) })
                else { continue }
                let rows = snapped(max(0, y0 - Int(Double(h) * margin))..<min(pageHeight, y1 + Int(Double(h) * margin)), glyphs: glyphs, height: h)
                if !rows.isEmpty { found.append((rows, h)) }
                continue
            }
            let mid = Double(y0 + y1) / 2
            let labelled = boxes.contains { $0.maxX < x0 && $0.maxX > x0 - labelReach * h && abs($0.midY - mid) < Double(h) / 2 }
            let above = Int(Double(h) * (labelled ? margin : reachAbove))
            let rows = snapped(max(0, y0 - above)..<min(pageHeight, y1 + Int(Double(h) * margin)), glyphs: glyphs, height: h)
            if !rows.isEmpty { found.append((rows, h)) }
        }
        return merged(found.sorted { $0.rows.lowerBound < $1.rows.lowerBound })
    }

    /// How many glyphs `run` (one line's boxes, left to right) holds: glyphs that touch (a
    /// terminal's bold digits at a tight pitch threshold into pieces of two to six, `0000` one
    /// box, ``touchingWidth`` times the run's median box or wider) count as their width over the
    /// run's pitch, the gap after the last added back. The pitch is the median step between
    /// neighbours as wide as the run's median box (else 0.7 heights). Pure.
    static func glyphCount(_ run: [PixelRect]) -> Int {
        let widths = run.map { Double($0.width) }.sorted(), heights = run.map { Double($0.height) }.sorted()
        guard !widths.isEmpty else { return 0 }
        let width = widths[widths.count / 2]
        func like(_ g: PixelRect) -> Bool { abs(Double(g.width) - width) <= 0.3 * width }
        let steps = zip(run, run.dropFirst()).filter { like($0) && like($1) }.map { Double($1.x - $0.x) }.sorted()
        let pitch = steps.isEmpty ? 0.7 * heights[heights.count / 2] : steps[steps.count / 2]
        let gap = max(0, pitch - width)
        // Only a box ``touchingWidth`` times the median or wider is glyphs that touch (not an `M`).
        return run.reduce(0) { n, g in
            Double(g.width) < touchingWidth * width ? n + 1 : n + max(2, Int(((Double(g.width) + gap) / max(1, pitch)).rounded()))
        }
    }

    /// How many of `boxes` stand between two neighbours of `run` (one line's boxes, left to
    /// right), on its row and within a quarter of their height: glyphs the run stepped over, a
    /// little taller or lower than their neighbours (an antialiased `3` at three times its size
    /// stands 6 of 45 pixels off, past ``sameLine(_:_:)``'s tolerance). Not the smaller letters
    /// a run of capitals or ascenders steps over. Pure.
    static func steppedOver(_ run: [PixelRect], among boxes: [PixelRect]) -> Int {
        let gaps = zip(run, run.dropFirst()).filter { a, b in b.x - a.maxX >= min(a.height, b.height) / 2 }
        guard !gaps.isEmpty else { return 0 }
        let runSet = Set(run)
        return gaps.reduce(0) { n, pair in
            let (a, b) = pair, top = min(a.y, b.y), bottom = max(a.maxY, b.maxY), h = (a.height + b.height) / 2
            return n + boxes.filter { g in
                g.x >= a.maxX - 1 && g.maxX <= b.x + 1 && !runSet.contains(g) && abs(g.height - h) * 4 <= h
                    && min(g.maxY, bottom) - max(g.y, top) >= min(g.height, bottom - top) / 2
            }.count
        }
    }

    /// The words of `run` (one line's boxes, left to right) split at gaps wider than
    /// ``wordGap`` heights, when it has such gaps: a number after a log's bracketed time
    /// (`15.363] <15 digits>`), whose bracket is as tall as a digit and links the two. None when
    /// it has none. Pure.
    static func words(_ run: [PixelRect]) -> [[PixelRect]] {
        var parts: [[PixelRect]] = [], part: [PixelRect] = []
        for g in run {
            if let last = part.last, Double(g.x - last.maxX) > wordGap * Double(max(g.height, last.height)) {
                parts.append(part)
                part = []
            }
            part.append(g)
        }
        return parts.isEmpty ? [] : parts + [part]
    }

    /// Whether the label-shaped word `label` may name the number `run` (glyph height `h`): on
    /// its row to its left, up to 3.5 heights above it (over it or to its left), or a heading
    /// alone on its row up to 7 heights above it.
    static func label(_ label: PixelRect, names run: PixelRect, height h: Int, among glyphs: [PixelRect]) -> Bool {
        let overlap = min(label.maxY, run.maxY) - max(label.y, run.y)
        if overlap * 2 >= min(label.height, run.height), label.maxX <= run.x + h { return true }
        let gap = run.y - label.maxY
        guard gap >= -h / 2, label.x <= run.maxX, label.maxX >= run.x - 6 * h else { return false }
        if Double(gap) <= reachAbove * Double(h) { return true }
        guard gap <= 7 * h else { return false }
        return !glyphs.contains { g in
            g.maxY > label.y && g.y < label.maxY && (g.maxX < label.x - h || g.x > label.maxX + h) && g.height * 2 >= label.height
        }
    }

    /// Glyphs of one line linked left to right, each to the nearest like glyph within one and
    /// a half heights (far enough to step over a glyph a stroke of markup broke), unless a
    /// dot stands between them.
    static func runs(_ boxes: [PixelRect], dots: [PixelRect]) -> [[PixelRect]] {
        clusters(boxes.sorted { $0.x < $1.x }, firstLinkOnly: true, reach: { $0.maxX + $0.height * 3 / 2 }) { a, b in
            b.x > a.x + a.width / 3 && sameLine(a, b) && !dotted(between: a, b, dots: dots)
        }
    }

    /// The pieces of one glyph joined: a thin stroke the threshold broke leaves a digit in
    /// parts of like size stacked one over the other, touching or nearly, sharing columns.
    static func joined(_ pieces: [PixelRect]) -> [PixelRect] {
        clusters(pieces.sorted { $0.x < $1.x }, firstLinkOnly: false, reach: { $0.maxX - 1 }) { a, b in
            let overlap = min(a.maxX, b.maxX) - b.x
            let gap = max(a.y, b.y) - min(a.maxY, b.maxY)
            let (lo, hi) = (min(a.height, b.height), max(a.height, b.height))
            return overlap * 2 >= min(a.width, b.width) && gap <= 2 && -gap * 2 <= lo && hi * 2 <= lo * 5
        }.map { $0.dropFirst().reduce($0[0]) { $0.union($1) } }
    }

    /// The groups of `sorted` (by x) that `link` joins, trying each box against the boxes
    /// after it that start at or before `reach(box)`; with `firstLinkOnly`, only its first link.
    static func clusters(
        _ sorted: [PixelRect], firstLinkOnly: Bool, reach: (PixelRect) -> Int, link: (PixelRect, PixelRect) -> Bool
    ) -> [[PixelRect]] {
        var parent = Array(sorted.indices)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i {
                parent[i] = parent[parent[i]]
                i = parent[i]
            }
            return i
        }
        for i in sorted.indices {
            let limit = reach(sorted[i])
            var j = i + 1
            while j < sorted.count, sorted[j].x <= limit {
                if link(sorted[i], sorted[j]) {
                    parent[root(j)] = root(i)
                    if firstLinkOnly { break }
                }
                j += 1
            }
        }
        var groups: [Int: [PixelRect]] = [:]
        for i in sorted.indices { groups[root(i), default: []].append(sorted[i]) }
        // In the order of each group's first glyph: a dictionary's own order changes from run to run.
        return groups.sorted { $0.key < $1.key }.map(\.value)
    }

    /// `rows` widened until no text-sized glyph straddles its top or bottom edge, so that a
    /// band never cuts a line of text in two.
    private static func snapped(_ rows: Range<Int>, glyphs: [PixelRect], height h: Int) -> Range<Int> {
        var top = rows.lowerBound, bottom = rows.upperBound
        for _ in 0..<4 {
            var moved = false
            for g in glyphs where g.height <= 3 * h {
                if g.y < top, g.maxY > top { top = g.y; moved = true }
                if g.y < bottom, g.maxY > bottom { bottom = g.maxY; moved = true }
            }
            if !moved { break }
        }
        return top..<bottom
    }

    /// Whether a dot (a full stop, a colon's dot) stands in the gap between `a` and `b`,
    /// inside their line's height, or a comma (a mark in the line's lower half reaching below
    /// its baseline, by at most half a height: a CSV row's `<15 digits>,<15 digits>` is two
    /// numbers, not one of 30). `dots` is sorted by x.
    private static func dotted(between a: PixelRect, _ b: PixelRect, dots: [PixelRect]) -> Bool {
        var lo = 0, hi = dots.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if dots[mid].x < a.maxX - 1 { lo = mid + 1 } else { hi = mid }
        }
        var i = lo
        while i < dots.count, dots[i].x < b.x {
            let m = dots[i]
            if m.maxX <= b.x + 1, m.y >= a.y - 1, m.maxY <= a.maxY + 1,
               max(m.width, m.height) * 20 <= a.height * 7, min(m.width, m.height) * 8 >= a.height { return true }
            if m.maxX <= b.x + 1, m.y * 2 >= a.y * 2 + a.height, m.maxY > a.maxY + 1, m.maxY * 2 <= a.maxY * 2 + a.height,
               max(m.width, m.height) * 2 <= a.height, min(m.width, m.height) * 8 >= a.height { return true }
            i += 1
        }
        return false
    }

    /// Two glyphs of one line of one size: heights within 12%, tops and bottoms aligned.
    private static func sameLine(_ a: PixelRect, _ b: PixelRect) -> Bool {
        let tolerance = max(2, max(a.height, b.height) * 12 / 100)
        return abs(a.height - b.height) <= tolerance && abs(a.y - b.y) <= tolerance && abs(a.maxY - b.maxY) <= tolerance
    }

    static func merged(_ sorted: [(rows: Range<Int>, height: Int)]) -> [(rows: Range<Int>, height: Int)] {
        var out: [(rows: Range<Int>, height: Int)] = []
        for band in sorted {
            if let last = out.last, band.rows.lowerBound <= last.rows.upperBound + min(last.height, band.height) {
                out[out.count - 1] = (last.rows.lowerBound..<max(last.rows.upperBound, band.rows.upperBound), max(last.height, band.height))
            } else {
                out.append(band)
            }
        }
        return out
    }
}
