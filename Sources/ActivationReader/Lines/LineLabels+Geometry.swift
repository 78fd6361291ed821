import Foundation

extension LineLabels {
    // Where a label may stand to name a value: the geometry of the rule (see ``LineLabels``).

    /// The nearest of `headings` above value line `v` whose column holds it (from the heading's
    /// left to the next line on its row: a table's heading is left-aligned, its numbers right),
    /// when every line between them in `v`'s column is a value line as tall as `v` and aligned
    /// with it at one edge, no two of them (nor the heading and the first) more than
    /// ``headingReach`` heights apart, and neither `v` nor those lines has a label on its row (a
    /// line with letters ending at most ``aboveLeftReach`` heights left of it). Nil otherwise. Pure.
    static func heading(over v: Int, among headings: [Int], lines: [Line]) -> Int? {
        let value = lines[v], h = max(1, value.height)
        func inColumn(_ i: Int) -> Bool { lines[i].left < value.right && lines[i].right > value.left }
        func rowLabelled(_ i: Int) -> Bool {
            rowHolds(i, lines: lines) { $0.right <= lines[i].left && $0.right >= lines[i].left - aboveLeftReach * h && $0.text.contains(where: \.isLetter) }
        }
        func holds(_ l: Int) -> Bool {
            let heading = lines[l]
            let next = lines.filter { abs($0.centreY - heading.centreY) <= rowReach * h && $0.left >= heading.right }.map(\.left).min()
            // The column ends where the next heading on its row begins: a value left-aligned
            // under that heading may start a pixel left of it (`samples/layouts` device_list).
            return heading.bottom <= value.top && value.right > heading.left && value.centre.x < (next ?? .infinity)
        }
        guard !rowLabelled(v), let l = headings.filter(holds).max(by: { lines[$0].centreY < lines[$1].centreY }) else { return nil }
        let between = lines.indices.filter { i in
            i != v && i != l && inColumn(i) && lines[i].centreY > lines[l].bottom && lines[i].centreY < value.top
        }
        let cells = between.allSatisfy { i in
            let c = lines[i]
            return c.label == nil && c.isValueLine && !rowLabelled(i) && abs(c.height - value.height) <= 0.3 * h
                && (abs(c.left - value.left) <= h || abs(c.right - value.right) <= h)
        }
        let ys = ([l] + between + [v]).map { lines[$0].centreY }.sorted()
        return cells && zip(ys, ys.dropFirst()).allSatisfy({ $1 - $0 <= headingReach * h }) ? l : nil
    }

    /// The line where record type line `t`'s value field (``Line/keyedValue``) must stand: the
    /// nearest line below it, within ``aboveReach`` heights, starting within a height of where
    /// it starts. Pure.
    static func recordValue(under t: Int, lines: [Line]) -> Int? {
        let type = lines[t]
        return lines.indices.filter { i in
            let h = max(1, min(type.height, lines[i].height)), dy = lines[i].centreY - type.centreY
            return i != t && dy > 0.5 * h && dy <= aboveReach * h && abs(lines[i].left - type.left) <= h
        }.min { lines[$0].centreY < lines[$1].centreY }
    }

    /// Whether a line on line `i`'s row (centres within ``rowReach`` of its height) other than
    /// itself is `such`. Pure.
    static func rowHolds(_ i: Int, lines: [Line], _ such: (Line) -> Bool) -> Bool {
        let h = max(1, lines[i].height)
        return lines.indices.contains { j in j != i && abs(lines[j].centreY - lines[i].centreY) <= rowReach * h && such(lines[j]) }
    }

    /// How far the label stands from the value, in line heights, when the rule lets it name it.
    static func distance(label l: Line, value v: Line, index: (label: Int, value: Int), lines: [Line]) -> Double? {
        let h = max(1, min(l.height, v.height))
        let dy = v.centreY - l.centreY
        // On its row, either side: measured along the two lines' own direction, which in a photo
        // taken at an angle differs from one end of the page to the other.
        let local = [l.angle, v.angle].compactMap { $0 }
        if !local.isEmpty {
            let a = local.reduce(0, +) / Double(local.count)
            let ex = v.centre.x - l.centre.x, ey = v.centre.y - l.centre.y
            let across = -ex * sin(a) + ey * cos(a), along = ex * cos(a) + ey * sin(a)
            let reach = (l.right - l.left + v.right - v.left) / 2
            if abs(across) <= rowReach * h, abs(along) >= reach - h {
                return abs(across) / h + (along > 0 ? 0 : rightSideCost)
            }
        } else if abs(dy) <= rowReach * h, l.right <= v.left + h || l.left >= v.right - h {
            return abs(dy) / h + (l.right <= v.left + h ? 0 : rightSideCost)
        }
        guard dy > 0, l.left < v.right, l.right > v.left - aboveLeftReach * h else { return nil }
        // Just above.
        if dy <= aboveReach * h { return 1 + dy / h }
        // A heading alone on its row, with at most three plain lines between.
        guard dy <= headingReach * h, l.isAlone(among: lines, at: index.label) else { return nil }
        let between = lines.indices.filter { i in
            i != index.label && i != index.value && lines[i].centreY > l.centreY + h / 2 && lines[i].centreY < v.centreY - h / 2
                && lines[i].left < max(l.right, v.right) && lines[i].right > min(l.left, v.left)
        }
        guard between.count <= headingLinesBetween, !between.contains(where: { lines[$0].label != nil || lines[$0].hasNumber }) else { return nil }
        return 3 + dy / h
    }
}
