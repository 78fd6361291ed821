@testable import ActivationPipeline
@testable import ActivationVision
import Testing

/// A 4-pixel-wide gray image whose row `y` has the value `rows[y]`.
private func striped(_ rows: [UInt8]) throws -> Image {
    let bytes = rows.flatMap { [UInt8](repeating: $0, count: 4) }
    return try #require(bytes.withUnsafeBufferPointer { buf in
        buf.baseAddress.flatMap { Image.fromPacked($0, width: 4, height: rows.count, rowBytes: 4, channels: 1) }
    })
}

@Suite struct ImageBandsTests {
    @Test func stacksBandsWithTheGroundBetween() throws {
        let image = try striped([10, 200, 200, 200, 30, 200, 200, 200, 200])
        let (stack, placed) = try #require(image.stackingRows([0..<2, 3..<5, 8..<12], gap: 1))
        #expect(placed.map(\.rows) == [0..<2, 3..<5, 8..<9])
        #expect(placed.map(\.top) == [1, 4, 7])
        let column = try #require(stack.packedBytes()).enumerated().filter { $0.offset % 4 == 0 }.map(\.element)
        #expect(column == [200, 10, 200, 200, 200, 30, 200, 200, 200])
    }

    @Test func aColumnDarkThroughABandBecomesGround() throws {
        // A bezel's side: dark in every row of the band, where a glyph never is.
        let image = try striped([200, 30, 40, 200, 200, 200, 200])
        let (stack, _) = try #require(image.stackingRows([1..<3], gap: 1))
        #expect(try #require(stack.packedBytes()).allSatisfy { $0 == 200 })
    }

    @Test func blanksOnlyTheGivenRows() throws {
        let image = try striped([10, 20, 30, 230, 230, 230, 230])
        let blank = try #require(image.blanking(rows: [1..<3]))
        let column = try #require(blank.packedBytes()).enumerated().filter { $0.offset % 4 == 0 }.map(\.element)
        #expect(column == [10, 230, 230, 230, 230, 230, 230])
        #expect(try #require(image.packedBytes()).first == 10)
    }

    @Test func findsDarkGlyphsOnGreyAndOnWhite() throws {
        // Two dark 3×3 squares on a light ground.
        var rows = [[UInt8]](repeating: [UInt8](repeating: 230, count: 40), count: 40)
        for y in 10..<13 { for x in 5..<8 { rows[y][x] = 20 }; for x in 25..<28 { rows[y][x] = 40 } }
        let bytes = rows.flatMap { $0 }
        let image = try #require(bytes.withUnsafeBufferPointer { buf in
            buf.baseAddress.flatMap { Image.fromPacked($0, width: 40, height: 40, rowBytes: 40, channels: 1) }
        })
        let (boxes, flat) = try #require(image.darkComponents())
        #expect(flat.width == 40 && flat.height == 40)
        #expect(Set(boxes) == [PixelRect(x: 5, y: 10, width: 3, height: 3), PixelRect(x: 25, y: 10, width: 3, height: 3)])
    }
}
