import Foundation

/// An axis-aligned rectangle in pixel coordinates: x, y of the top-left corner, width, height.
public struct PixelRect: Sendable, Hashable, Codable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var midX: Double { Double(x) + Double(width) / 2 }
    public var midY: Double { Double(y) + Double(height) / 2 }
    /// `[x, y, width, height]`, the JSON form.
    public var array: [Int] { [x, y, width, height] }

    /// The smallest rectangle holding both.
    public func union(_ other: PixelRect) -> PixelRect {
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// The same rectangle grown by `dx`, `dy` on each side.
    public func insetBy(dx: Int, dy: Int) -> PixelRect {
        PixelRect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// The part of the rectangle inside a `width`×`height` image.
    public func clamped(width w: Int, height h: Int) -> PixelRect {
        let x0 = max(0, min(x, w)), y0 = max(0, min(y, h))
        return PixelRect(x: x0, y: y0, width: max(0, min(maxX, w) - x0), height: max(0, min(maxY, h) - y0))
    }

    /// Whether the two rectangles share any pixel.
    public func intersects(_ other: PixelRect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    /// How much of the two rectangles' horizontal extents overlap, as a share of the narrower.
    public func horizontalOverlap(with other: PixelRect) -> Double {
        let overlap = min(maxX, other.maxX) - max(x, other.x)
        return Double(max(0, overlap)) / Double(max(1, min(width, other.width)))
    }

    /// How much of the two rectangles' vertical extents overlap, as a share of the shorter.
    public func verticalOverlap(with other: PixelRect) -> Double {
        let overlap = min(maxY, other.maxY) - max(y, other.y)
        return Double(max(0, overlap)) / Double(max(1, min(height, other.height)))
    }

    /// This rectangle scaled by `factor` and moved by (`dx`, `dy`).
    public func scaled(by factor: Double, dx: Int = 0, dy: Int = 0) -> PixelRect {
        PixelRect(
            x: Int((Double(x) * factor).rounded()) + dx, y: Int((Double(y) * factor).rounded()) + dy,
            width: Int((Double(width) * factor).rounded()), height: Int((Double(height) * factor).rounded())
        )
    }

    /// The box around this rectangle turned by `degrees` about the centre of a
    /// `width`×`height` image (the inverse of ``Image/turned(degrees:)`` when negated).
    public func turned(degrees: Double, width w: Int, height h: Int) -> PixelRect {
        let (c, s) = (cos(degrees * .pi / 180), sin(degrees * .pi / 180))
        let (cx, cy) = (Double(w) / 2, Double(h) / 2)
        let corners = [(x, y), (maxX, y), (x, maxY), (maxX, maxY)].map { p -> (Double, Double) in
            let (dx, dy) = (Double(p.0) - cx, Double(p.1) - cy)
            return (cx + dx * c - dy * s, cy + dx * s + dy * c)
        }
        let xs = corners.map(\.0), ys = corners.map(\.1)
        let x0 = Int((xs.min() ?? 0).rounded()), y0 = Int((ys.min() ?? 0).rounded())
        return PixelRect(x: x0, y: y0, width: Int((xs.max() ?? 0).rounded()) - x0, height: Int((ys.max() ?? 0).rounded()) - y0)
    }
}
