import Foundation

/// A line of text read as a whole, with where it stands: what a text detector and recogniser give.
public struct TextBox: Sendable, Hashable {
    /// The line's text.
    public var text: String
    /// The corners, top-left, top-right, bottom-right, bottom-left, as (x, y) pixel pairs.
    public var corners: [Double]
    /// Each character's confidence, 0…1, when the recogniser gives them (else empty).
    public var confidences: [Double]

    public init(text: String, corners: [Double], confidences: [Double] = []) {
        self.text = text
        self.corners = corners
        self.confidences = confidences
    }

    /// The axis-aligned rectangle around the corners.
    public var bounds: PixelRect {
        let xs = stride(from: 0, to: corners.count, by: 2).map { corners[$0] }
        let ys = stride(from: 1, to: corners.count, by: 2).map { corners[$0] }
        let x0 = Int((xs.min() ?? 0).rounded(.down)), y0 = Int((ys.min() ?? 0).rounded(.down))
        return PixelRect(x: x0, y: y0, width: Int((xs.max() ?? 0).rounded(.up)) - x0,
                         height: Int((ys.max() ?? 0).rounded(.up)) - y0)
    }

    /// The length of the longer edge over that of the shorter: about 8 or more for a line of
    /// 15 digits, whatever the line's tilt, upright or turned. Zero without four corners.
    public var aspect: Double {
        guard corners.count == 8 else { return 0 }
        let top = hypot(corners[2] - corners[0], corners[3] - corners[1])
        let left = hypot(corners[6] - corners[0], corners[7] - corners[1])
        return max(top, left) / max(1, min(top, left))
    }

    /// Whether the box stands at least 1.5 times taller than wide (in whole pixels, as its crop
    /// is cut): a line written along the page's height, turned upright before it is read.
    public var isVertical: Bool {
        guard corners.count == 8 else { return false }
        let width = max(hypot(corners[0] - corners[2], corners[1] - corners[3]), hypot(corners[4] - corners[6], corners[5] - corners[7]))
        let height = max(hypot(corners[0] - corners[6], corners[1] - corners[7]), hypot(corners[2] - corners[4], corners[3] - corners[5]))
        guard width >= 1, width.isFinite, height.isFinite, height < 1e9 else { return false }
        return Double(Int(height)) / Double(Int(width)) >= 1.5
    }

    /// Whether a read line's text runs along the page's height (a page turned a quarter): the
    /// top edge from its text's top-left corner, as ``DeepOCR`` lists a read line's corners,
    /// steeper than 45°. ``isVertical`` says it of a detected box, whose corners are listed in
    /// the page's order (a read vertical line's are not: its top edge is its length).
    public var runsDownThePage: Bool {
        guard corners.count == 8 else { return false }
        return abs(corners[3] - corners[1]) > abs(corners[2] - corners[0])
    }

    /// The mean of the characters' confidences; 0 without any.
    public var meanConfidence: Double {
        confidences.isEmpty ? 0 : confidences.reduce(0, +) / Double(confidences.count)
    }

    /// The part of the box between `share`'s fractions of its length, read from its first
    /// corner (the text's top-left), widened by `along` line heights at each end and `across`
    /// line heights above and below: a value's place on a line it shares with its label, with
    /// a margin. Corners in the same order; the box itself when it has no four corners.
    public func part(_ share: ClosedRange<Double>, along: Double, across: Double) -> TextBox {
        guard corners.count == 8 else { return self }
        let p = (0..<4).map { (x: corners[2 * $0], y: corners[2 * $0 + 1]) }
        let length = max(1, hypot(p[1].x - p[0].x, p[1].y - p[0].y)), height = max(1, hypot(p[3].x - p[0].x, p[3].y - p[0].y))
        let u = (x: (p[1].x - p[0].x) / length, y: (p[1].y - p[0].y) / length)
        let n = (x: (p[3].x - p[0].x) / height, y: (p[3].y - p[0].y) / height)
        let a = along * height, c = across * height
        func at(_ from: (x: Double, y: Double), _ to: (x: Double, y: Double), _ t: Double, end: Double, side: Double) -> [Double] {
            [from.x + (to.x - from.x) * t + u.x * end + n.x * side, from.y + (to.y - from.y) * t + u.y * end + n.y * side]
        }
        var out = self
        out.corners = at(p[0], p[1], share.lowerBound, end: -a, side: -c) + at(p[0], p[1], share.upperBound, end: a, side: -c)
            + at(p[3], p[2], share.upperBound, end: a, side: c) + at(p[3], p[2], share.lowerBound, end: -a, side: c)
        return out
    }

    /// The box lengthened by `share` of its height at each end, along its own direction and
    /// kept inside a `width` × `height` page: room for a glyph the detector cut off.
    public func lengthened(by share: Double, width: Int, height: Int) -> TextBox {
        guard corners.count == 8 else { return self }
        // Along the longer edge: the top one, or the left one of a line standing turned.
        let top = (corners[2] - corners[0], corners[3] - corners[1])
        let left = (corners[6] - corners[0], corners[7] - corners[1])
        let upright = hypot(top.0, top.1) >= hypot(left.0, left.1)
        let (along, across) = upright ? (top, left) : (left, top)
        let d = share * hypot(across.0, across.1)
        let length = max(1, hypot(along.0, along.1))
        let ux = along.0 / length * d, uy = along.1 / length * d
        let moved = upright ? [(-ux, -uy), (ux, uy), (ux, uy), (-ux, -uy)] : [(-ux, -uy), (-ux, -uy), (ux, uy), (ux, uy)]
        var out = self
        for (i, m) in moved.enumerated() {
            out.corners[2 * i] = min(Double(width - 1), max(0, corners[2 * i] + m.0))
            out.corners[2 * i + 1] = min(Double(height - 1), max(0, corners[2 * i + 1] + m.1))
        }
        return out
    }
}
