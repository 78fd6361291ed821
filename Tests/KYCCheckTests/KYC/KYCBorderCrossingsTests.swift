@testable import ActivationVision
@testable import KYCCheck
import Testing

/// `KYCPixels.document()`'s edge crossings on drawn pictures: print cut by an edge crosses it, a frame
/// line along an edge (straight or a little tilted) and a plain margin do not.
@Suite struct KYCBorderCrossingsTests {
    /// A 1600×1000 light picture with a dark frame line 20 px inside every edge.
    func framed() -> KYCSamples.Canvas {
        var c = KYCSamples.Canvas(width: 1600, height: 1000, value: 215)
        c.fill(x: 20, y: 20, width: 1560, height: 6, value: 40)
        c.fill(x: 20, y: 974, width: 1560, height: 6, value: 40)
        c.fill(x: 20, y: 20, width: 6, height: 960, value: 40)
        c.fill(x: 1574, y: 20, width: 6, height: 960, value: 40)
        return c
    }

    func crossings(_ canvas: KYCSamples.Canvas) throws -> BorderCrossings {
        let image = try #require(canvas.image())
        return try #require(KYCPixels(image)?.document()?.crossings)
    }

    @Test func aFramedCardCrossesNoEdge() throws {
        let measured = try crossings(framed())
        #expect(try #require(measured.largest).share < 0.02)
    }

    @Test func aLineAlongTheEdgeTiltedALittleDoesNotCross() throws {
        var c = KYCSamples.Canvas(width: 1600, height: 1000, value: 215)
        // A dark line from 8 px to 30 px inside the left edge over the picture's height.
        for y in 0..<1000 { c.fill(x: 8 + y * 22 / 1000, y: y, width: 6, height: 1, value: 40) }
        #expect(try crossings(c).shares[.left, default: 1] < 0.03)
    }

    @Test func textCutByTheTopEdgeCrossesIt() throws {
        var c = framed()
        // Columns of glyph strokes from above the picture down to 60 px: text cut at the top.
        for x in stride(from: 100, to: 1500, by: 24) { c.fill(x: x, y: 0, width: 10, height: 60, value: 30) }
        let measured = try crossings(c)
        #expect(measured.largest?.edge == .top)
        #expect(measured.shares[.top, default: 0] > 0.3)
        #expect(measured.shares[.bottom, default: 1] < 0.02)
        #expect(KYCRules().edgeCrossingCheck(measured).issue?.code == .documentCutOff)
    }
}
