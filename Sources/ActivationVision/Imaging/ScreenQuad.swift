import Foundation

/// A photographed screen's outline: four corners in the picture's pixels, clockwise from its
/// top-left, and the size of the upright rectangle it is warped onto (``Image/rectified(_:)``).
/// Maps points and boxes of that rectangle back onto the picture. Pure value.
public struct ScreenQuad: Sendable {
    /// The corners as (x, y): top-left, top-right, bottom-right, bottom-left.
    public let corners: [(x: Double, y: Double)]
    /// The upright rectangle's size: the longer of each pair of opposite sides.
    public let width: Int
    public let height: Int
    /// The projective map from the unit square onto the corners (Heckbert's closed form).
    private let map: (a: Double, b: Double, c: Double, d: Double, e: Double, f: Double, g: Double, h: Double)

    /// Nil unless there are four finite corners spanning at least 2 pixels each way.
    public init?(corners: [(x: Double, y: Double)]) {
        guard corners.count == 4, corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
        func side(_ i: Int, _ j: Int) -> Double { hypot(corners[i].x - corners[j].x, corners[i].y - corners[j].y) }
        let width = max(side(0, 1), side(3, 2)), height = max(side(0, 3), side(1, 2))
        guard width >= 2, height >= 2, width < 1e6, height < 1e6 else { return nil }
        let (p0, p1, p2, p3) = (corners[0], corners[1], corners[2], corners[3])
        let (dx1, dx2, dx3) = (p1.x - p2.x, p3.x - p2.x, p0.x - p1.x + p2.x - p3.x)
        let (dy1, dy2, dy3) = (p1.y - p2.y, p3.y - p2.y, p0.y - p1.y + p2.y - p3.y)
        let det = dx1 * dy2 - dx2 * dy1
        guard abs(det) > 1e-9 else { return nil }
        let g = (dx3 * dy2 - dx2 * dy3) / det, h = (dx1 * dy3 - dx3 * dy1) / det
        self.corners = corners
        self.width = Int(width.rounded())
        self.height = Int(height.rounded())
        map = (p1.x - p0.x + g * p1.x, p3.x - p0.x + h * p3.x, p0.x, p1.y - p0.y + g * p1.y, p3.y - p0.y + h * p3.y, p0.y, g, h)
    }

    /// The point (`x`, `y`) of the upright rectangle, on the picture.
    public func back(x: Double, y: Double) -> (x: Double, y: Double) {
        let (u, v) = (x / Double(width), y / Double(height))
        let w = map.g * u + map.h * v + 1
        guard abs(w) > 1e-12 else { return (map.c, map.f) }
        return ((map.a * u + map.b * v + map.c) / w, (map.d * u + map.e * v + map.f) / w)
    }

    /// The box around `rect`, a box of the upright rectangle, once its corners are on the picture.
    public func back(_ rect: PixelRect) -> PixelRect {
        let corners = [rect.x, rect.y, rect.maxX, rect.y, rect.maxX, rect.maxY, rect.x, rect.maxY].map(Double.init)
        return back(TextBox(text: "", corners: corners)).bounds
    }

    /// `box`, a text line of the upright rectangle, with its corners on the picture.
    public func back(_ box: TextBox) -> TextBox {
        var corners: [Double] = []
        for i in stride(from: 0, to: box.corners.count - 1, by: 2) {
            let p = back(x: box.corners[i], y: box.corners[i + 1])
            corners += [p.x, p.y]
        }
        return TextBox(text: box.text, corners: corners, confidences: box.confidences)
    }
}
