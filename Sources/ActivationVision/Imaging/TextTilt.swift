import Foundation

/// How far a picture's text lines stand from level, in its whole and in its top and bottom
/// thirds: what tells a screenshot from a camera's picture of a screen when nothing else does.
/// A screenshot's lines are level to the pixel everywhere. A camera tilts them; a keystone (the
/// screen photographed a little from the side) tilts the top and bottom of the page opposite
/// ways while the whole page averages level, which one levelling angle for the whole page
/// misses. (Seen only from above or below, a screen keeps its lines level: not told here.)
///
/// Each region's angle is the one that makes the row profile of its ink sharpest (the sum of
/// squared counts along lines at that angle, swept over ±``range`` degrees), and its `gain` is
/// how much sharper that is than level: a screenshot's best is level or a tie with level
/// (gain 1.00-1.03); a tilted photo's is clearly sharper. Pure; blocks for about 11 ms on a
/// phone screenshot (two thirds of it finding the ink).
public struct TextTilt: Sendable, Hashable {
    /// One region's sharpest angle and how much sharper it is than level.
    public struct Region: Sendable, Hashable {
        /// The angle, in degrees, that makes the region's lines sharpest (positive: the lines
        /// fall to the right).
        public var degrees: Double
        /// The profile's sharpness at ``degrees`` over its sharpness level, at least 1.
        public var gain: Double

        /// Whether the lines stand askew beyond what a screenshot shows: ``minDegrees`` with a
        /// gain of ``minGain``, or a small angle (``minSmallDegrees``) that sharpens the lines
        /// clearly (``minSmallGain``). Measured over the JPEG, WebP and HEIC files of
        /// `samples/` and the three corpora (504 with a screen's text): screenshots at most
        /// 0.30° at gain 1.018 and gains of at most 1.023 (messenger copies and Xiaomi pages at
        /// their highest); 254 of 262 photos of screens pass this test (the other 8 are told
        /// by their texture), among them the 4 mild renders of the corpora and the 6 of
        /// `samples/photos-mild` that no other sign finds (0.20° at gain 1.17, 0.52° at 1.017).
        public var tilted: Bool {
            let angle = abs(degrees)
            return (angle >= TextTilt.minDegrees && gain >= TextTilt.minGain)
                || (angle >= TextTilt.minSmallDegrees && gain >= TextTilt.minSmallGain)
        }
    }

    /// The angle, with ``minGain``, from which lines count as tilted.
    public static let minDegrees = 0.4
    /// The least gain that makes ``minDegrees`` a tilt rather than a tie with level.
    public static let minGain = 1.01
    /// A smaller angle that counts as a tilt when it sharpens the lines by ``minSmallGain``.
    public static let minSmallDegrees = 0.15
    /// The gain that a small angle needs.
    public static let minSmallGain = 1.08
    /// The sweep's half-width, in degrees: a larger tilt shows as the sweep's edge.
    public static let range = 2.0

    /// The whole page's lines, then its top and bottom thirds' (nil: too little ink to say).
    public var whole: Region?
    public var top: Region?
    public var bottom: Region?

    /// Whether any region's lines stand askew (``Region/tilted``).
    public var tilted: Bool { [whole, top, bottom].contains { $0?.tilted == true } }

    /// The tilt of the text in `gray`, `width` × `height` bytes of dark text on a light ground.
    /// Ink is a pixel 15 levels darker than the mean of the 31 × 31 pixels around it; at most
    /// `maxInk` ink pixels are used (every n-th: 40,000 decide as 120,000 did on every picture
    /// measured).
    public static func measure(gray: [UInt8], width: Int, height: Int, maxInk: Int = 40_000) -> TextTilt {
        let ink = inkPoints(gray, width: width, height: height, maxInk: maxInk)
        guard let first = ink.first else { return TextTilt() }
        var top = first.y, bottom = first.y
        for p in ink {
            top = min(top, p.y)
            bottom = max(bottom, p.y)
        }
        let third = (bottom - top) / 3
        let centre = Double(width) / 2
        return TextTilt(
            whole: region(ink, centre: centre),
            top: region(ink.filter { $0.y < top + third }, centre: centre),
            bottom: region(ink.filter { $0.y > bottom - third }, centre: centre)
        )
    }

    /// The pixels darker than their neighbourhood by 15 levels (a box mean, from column sums
    /// over the 31 rows around each row: memory in the width, not the area), every n-th of them
    /// when there are more than `maxInk`.
    static func inkPoints(_ gray: [UInt8], width w: Int, height h: Int, maxInk: Int) -> [(x: Int32, y: Int32)] {
        guard w > 2, h > 2, gray.count >= w * h else { return [] }
        let radius = 15, margin = 15
        var columns = [Int](repeating: 0, count: w), prefix = [Int](repeating: 0, count: w + 1)
        var points: [(x: Int32, y: Int32)] = []
        gray.withUnsafeBufferPointer { g in
            columns.withUnsafeMutableBufferPointer { col in
                prefix.withUnsafeMutableBufferPointer { row in
                    var y0 = 0, y1 = 0  // the rows [y0, y1) summed in `col`
                    for y in 0..<h {
                        while y1 < min(h, y + radius + 1) {
                            for x in 0..<w { col[x] += Int(g[y1 * w + x]) }
                            y1 += 1
                        }
                        while y0 < max(0, y - radius) {
                            for x in 0..<w { col[x] -= Int(g[y0 * w + x]) }
                            y0 += 1
                        }
                        for x in 0..<w { row[x + 1] = row[x] + col[x] }
                        let rows = y1 - y0
                        for x in 0..<w {
                            let x0 = max(0, x - radius), x1 = min(w, x + radius + 1)
                            let area = rows * (x1 - x0)
                            if Int(g[y * w + x]) * area < row[x1] - row[x0] - margin * area {
                                points.append((Int32(x), Int32(y)))
                            }
                        }
                    }
                }
            }
        }
        guard points.count > maxInk else { return points }
        let step = (points.count + maxInk - 1) / maxInk
        return stride(from: 0, to: points.count, by: step).map { points[$0] }
    }

    /// The region's sharpest angle: a sweep in tenths of a degree, then hundredths around the
    /// best; nil with fewer than 300 ink pixels.
    static func region(_ ink: [(x: Int32, y: Int32)], centre: Double) -> Region? {
        guard ink.count >= 300 else { return nil }
        var minY = Int32.max, maxY = Int32.min
        for p in ink {
            minY = min(minY, p.y)
            maxY = max(maxY, p.y)
        }
        let spread = Int((centre * 2 * 0.04).rounded(.up)) + 2  // tan 2° of the width, each way
        var bins = [Int](repeating: 0, count: Int(maxY - minY) + 2 * spread + 2)
        func sharpness(_ degrees: Double) -> Double {
            let slope = Foundation.tan(degrees * .pi / 180)
            let offset = Double(spread - Int(minY)) + 0.5
            return bins.withUnsafeMutableBufferPointer { counts in
                counts.update(repeating: 0)
                for p in ink {
                    let row = Int(Double(p.y) - (Double(p.x) - centre) * slope + offset)
                    if row >= 0, row < counts.count { counts[row] += 1 }
                }
                return counts.reduce(0.0) { $0 + Double($1) * Double($1) }
            }
        }
        let level = sharpness(0)
        guard level > 0 else { return nil }
        var best = (degrees: 0.0, score: level)
        let coarse = Int((range * 10).rounded())
        for step in -coarse...coarse where step != 0 {
            let score = sharpness(Double(step) / 10)
            if score > best.score { best = (Double(step) / 10, score) }
        }
        let around = best.degrees
        for step in -4...4 where step != 0 {
            let degrees = around + Double(step) / 50
            guard abs(degrees) <= range else { continue }
            let score = sharpness(degrees)
            if score > best.score { best = (degrees, score) }
        }
        return Region(degrees: best.degrees, gain: best.score / level)
    }
}
