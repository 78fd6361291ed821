@testable import ActivationVision
import Testing

/// A colour image of `width`×`height` from a per-pixel (r, g, b) rule.
private func coloured(width: Int, height: Int, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8)) throws -> Image {
    var bytes: [UInt8] = []
    for y in 0..<height {
        for x in 0..<width {
            let (r, g, b) = pixel(x, y)
            bytes += [r, g, b]
        }
    }
    return try #require(bytes.withUnsafeBufferPointer { buf in
        buf.baseAddress.flatMap { Image.fromPacked($0, width: width, height: height, rowBytes: width * 3, channels: 3) }
    })
}

@Suite struct TextGrayTests {
    /// Each pixel's channels, varied so that every channel is the largest and the smallest
    /// somewhere; widths that do and do not fill the last 4-pixel word.
    static func channels(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        (UInt8((x * 37 + y * 11) % 256), UInt8((x * 91 + y * 53) % 256), UInt8((x * 13 + y * 197) % 256))
    }

    @Test(arguments: [8, 9, 10, 11, 1001])
    func lightPageTakesTheBrightestChannel(width: Int) throws {
        // A white ground: the middle is light, so the page is not inverted.
        let image = try coloured(width: width, height: 40) { x, y in
            (10..<30).contains(y) && x % 7 == 0 ? Self.channels(x, y) : (250, 250, 250)
        }
        let (gray, inverted) = try #require(image.textGray())
        #expect(!inverted)
        let rgb = try #require(image.packedBytes()), out = try #require(gray.packedBytes())
        #expect(out.count == width * 40)
        for i in 0..<out.count {
            #expect(out[i] == max(rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2]))
        }
    }

    @Test(arguments: [8, 11, 1001])
    func darkPageTakesTheDarkestChannelInverted(width: Int) throws {
        let image = try coloured(width: width, height: 40) { x, y in
            x % 5 == 0 ? Self.channels(x, y) : (12, 20, 8)
        }
        let (gray, inverted) = try #require(image.textGray())
        #expect(inverted)
        let rgb = try #require(image.packedBytes()), out = try #require(gray.packedBytes())
        for i in 0..<out.count {
            #expect(out[i] == 255 - min(rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2]))
        }
    }
}
