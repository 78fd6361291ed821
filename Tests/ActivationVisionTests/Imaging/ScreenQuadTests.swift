@testable import ActivationVision
import Foundation
import Testing

@Suite struct ScreenQuadTests {
    /// A phone screen photographed at a slant: wider at the bottom, leaning right.
    static let slanted: [(x: Double, y: Double)] = [(180, 90), (430, 120), (470, 700), (120, 660)]

    @Test func theUprightRectanglesCornersFallOnTheOutlinesCorners() throws {
        let quad = try #require(ScreenQuad(corners: Self.slanted))
        let rectangle = [(0.0, 0.0), (Double(quad.width), 0), (Double(quad.width), Double(quad.height)), (0, Double(quad.height))]
        for (corner, point) in zip(Self.slanted, rectangle) {
            let back = quad.back(x: point.0, y: point.1)
            #expect(abs(back.x - corner.x) < 1e-6 && abs(back.y - corner.y) < 1e-6)
        }
        // The larger of each pair of opposite sides.
        #expect(quad.width == Int(hypot(350.0, 40.0).rounded()) && quad.height == Int(hypot(40.0, 580.0).rounded()))
    }

    @Test func aProjectiveMapKeepsStraightLinesButNotMidpoints() throws {
        let quad = try #require(ScreenQuad(corners: Self.slanted))
        let (w, h) = (Double(quad.width), Double(quad.height))
        // The rectangle's centre lands where the outline's diagonals cross, not at the mean of
        // its corners (the far, narrow end is foreshortened).
        let centre = quad.back(x: w / 2, y: h / 2)
        let (a, b, c, d) = (Self.slanted[0], Self.slanted[1], Self.slanted[2], Self.slanted[3])
        func side(_ p: (x: Double, y: Double), _ q: (x: Double, y: Double), _ r: (x: Double, y: Double)) -> Double {
            (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x)
        }
        #expect(abs(side(a, c, centre)) / hypot(c.x - a.x, c.y - a.y) < 1e-6)
        #expect(abs(side(b, d, centre)) / hypot(d.x - b.x, d.y - b.y) < 1e-6)
        #expect(abs(centre.y - (a.y + b.y + c.y + d.y) / 4) > 1)
    }

    @Test func aBoxGoesBackAsTheBoxAroundItsCorners() throws {
        let quad = try #require(ScreenQuad(corners: [(100, 50), (300, 50), (300, 450), (100, 450)]))
        #expect(quad.back(PixelRect(x: 20, y: 40, width: 60, height: 10)) == PixelRect(x: 120, y: 90, width: 60, height: 10))
    }

    @Test func degenerateOutlinesAreRefused() {
        #expect(ScreenQuad(corners: [(0, 0), (100, 0), (100, 0), (0, 0)]) == nil)
        #expect(ScreenQuad(corners: [(0, 0), (.nan, 0), (100, 100), (0, 100)]) == nil)
        #expect(ScreenQuad(corners: [(0, 0), (100, 0), (100, 100)]) == nil)
    }

    /// A gray picture: a bright slanted screen with dark lines of "text" on a dark background.
    static func photo(width: Int = 600, height: Int = 800) -> Image? {
        let q = slanted
        func inside(_ x: Double, _ y: Double) -> Bool {
            (0..<4).allSatisfy { i in
                let (p, n) = (q[i], q[(i + 1) % 4])
                return (n.x - p.x) * (y - p.y) - (n.y - p.y) * (x - p.x) >= 0
            }
        }
        var bytes = [UInt8](repeating: 40, count: width * height)
        for y in 0..<height {
            for x in 0..<width where inside(Double(x) + 0.5, Double(y) + 0.5) {
                bytes[y * width + x] = (y / 12) % 5 == 0 && x % 40 < 30 ? 60 : 220
            }
        }
        return bytes.withUnsafeBufferPointer { b in
            b.baseAddress.flatMap { Image.fromPacked($0, width: width, height: height, rowBytes: width, channels: 1) }
        }
    }

    @Test func theScreensOutlineIsFoundClockwiseFromItsTopLeftAndSetUpright() throws {
        let picture = try #require(Self.photo())
        let quad = try #require(picture.screenQuad(areaShares: 0.15...0.9, minSide: 0.2))
        for (found, truth) in zip(quad.corners, Self.slanted) {
            #expect(hypot(found.x - truth.x, found.y - truth.y) < 8, "corner \(found) for \(truth)")
        }
        let upright = try #require(picture.rectified(quad))
        #expect(upright.width == quad.width && upright.height == quad.height)
        // Upright, the screen fills the rectangle: its bright ground and its text (60), and
        // next to nothing of the background around it (40).
        #expect(upright.meanGray() > 150)
        let bytes = try #require(upright.packedBytes())
        #expect(Double(bytes.filter { $0 <= 45 }.count) < 0.01 * Double(bytes.count))
        #expect(Double(bytes.filter { (50...70).contains($0) }.count) > 0.05 * Double(bytes.count))
    }

    @Test func aPictureWithoutAnOutlineHasNone() throws {
        let flat = try #require([UInt8](repeating: 200, count: 400 * 300).withUnsafeBufferPointer { b in
            b.baseAddress.flatMap { Image.fromPacked($0, width: 400, height: 300, rowBytes: 400, channels: 1) }
        })
        #expect(flat.screenQuad(areaShares: 0.15...0.9, minSide: 0.2) == nil)
        // An outline covering less of the picture than asked is not taken.
        let picture = try #require(Self.photo())
        #expect(picture.screenQuad(areaShares: 0.5...0.9, minSide: 0.2) == nil)
    }
}
