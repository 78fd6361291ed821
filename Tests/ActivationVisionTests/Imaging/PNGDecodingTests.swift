@testable import ActivationVision
import Foundation
import Testing

/// PNGs made here, byte by byte: each row filtered with one of the five filters in turn, the
/// scanlines in stored (uncompressed) deflate blocks, every CRC and the Adler-32 correct.
private enum PNGMaker {
    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(PNGStructure.crc32(body[...]))
    }

    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
    }

    /// Row `y` filtered with filter `y % 5`, behind its filter byte.
    static func filtered(_ rows: [[UInt8]], bpp: Int) -> [UInt8] {
        var out: [UInt8] = []
        for (y, row) in rows.enumerated() {
            let type = y % 5
            let up = y > 0 ? rows[y - 1] : [UInt8](repeating: 0, count: row.count)
            out.append(UInt8(type))
            for i in row.indices {
                let a = i >= bpp ? Int(row[i - bpp]) : 0, b = Int(up[i]), c = i >= bpp ? Int(up[i - bpp]) : 0
                let predictor = [0, a, b, (a + b) / 2, paeth(a, b, c)][type]
                out.append(UInt8(truncatingIfNeeded: Int(row[i]) - predictor))
            }
        }
        return out
    }

    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var at = 0
        repeat {
            let n = min(65535, data.count - at)
            out += [at + n == data.count ? 1 : 0, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            out += data[at..<(at + n)]
            at += n
        } while at < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        return out + be32(b << 16 | a)
    }

    static func png(width: Int, rows: [[UInt8]], colour: UInt8, bitDepth: UInt8 = 8, interlace: UInt8 = 0, extra: [UInt8] = []) -> [UInt8] {
        let bpp = [0: 1, 2: 3, 4: 2, 6: 4, 3: 1][Int(colour)] ?? 1
        let ihdr = be32(UInt32(width)) + be32(UInt32(rows.count)) + [bitDepth, colour, 0, 0, interlace]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + extra
            + chunk("IDAT", zlibStored(filtered(rows, bpp: bpp))) + chunk("IEND", [])
    }

    /// `height` rows of `width` pixels of `channels` samples, varied so each filter has work.
    static func rows(width: Int, height: Int, channels: Int) -> [[UInt8]] {
        (0..<height).map { y in (0..<(width * channels)).map { i in UInt8(truncatingIfNeeded: i * 29 + y * 71 + (i * y) % 13) } }
    }
}

@Suite struct PNGDecodingTests {
    /// The pixels after the decoder's flattening of alpha over white.
    static func flattened(_ image: Image?) throws -> [UInt8] {
        let decoded = try #require(image)
        return try #require(ImageDecoder.normalized(decoded)?.packedBytes())
    }

    @Test(arguments: [(UInt8(0), 1), (2, 3), (4, 2), (6, 4)])
    func everyFilterDecodesAsLeptonicaDoes(colour: UInt8, channels: Int) throws {
        for width in [1, 7, 13] {
            let bytes = PNGMaker.png(width: width, rows: PNGMaker.rows(width: width, height: 11, channels: channels), colour: colour)
            #expect(PNGStructure.problem(in: bytes) == nil)
            let fast = try #require(Image.decodingPNG(bytes))
            #expect(fast.width == width && fast.height == 11)
            #expect(try Self.flattened(fast) == Self.flattened(Image.decodingAny(bytes)))
        }
    }

    @Test func grayRowsArePackedAsWritten() throws {
        let rows = PNGMaker.rows(width: 9, height: 6, channels: 1)
        let image = try #require(Image.decodingPNG(PNGMaker.png(width: 9, rows: rows, colour: 0)))
        #expect(image.depth == 8)
        #expect(try #require(image.packedBytes()) == rows.flatMap { $0 })
    }

    @Test func otherKindsAreLeftToLeptonica() {
        let rows = PNGMaker.rows(width: 4, height: 4, channels: 1)
        let palette = PNGMaker.chunk("PLTE", [UInt8](repeating: 90, count: 768))
        #expect(Image.decodingPNG(PNGMaker.png(width: 4, rows: rows, colour: 3, extra: palette)) == nil)
        #expect(Image.decodingPNG(PNGMaker.png(width: 2, rows: rows, colour: 0, bitDepth: 16)) == nil)
        #expect(Image.decodingPNG(PNGMaker.png(width: 4, rows: rows, colour: 0, interlace: 1)) == nil)
        #expect(Image.decodingPNG(PNGMaker.png(width: 4, rows: rows, colour: 0, extra: PNGMaker.chunk("tRNS", [0, 0]))) == nil)
    }

    @Test func damagedDataIsRefusedNotMisread() {
        let rows = PNGMaker.rows(width: 6, height: 5, channels: 3)
        // A filter type of 9, and a stream one byte short of its scanlines.
        var badFilter = rows.flatMap { [UInt8(0)] + $0 }
        badFilter[0] = 9
        let ihdr = PNGMaker.be32(6) + PNGMaker.be32(5) + [8, 2, 0, 0, 0]
        func file(_ scanlines: [UInt8]) -> [UInt8] {
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + PNGMaker.chunk("IHDR", ihdr)
                + PNGMaker.chunk("IDAT", PNGMaker.zlibStored(scanlines)) + PNGMaker.chunk("IEND", [])
        }
        #expect(Image.decodingPNG(file(badFilter)) == nil)
        #expect(Image.decodingPNG(file(Array(PNGMaker.filtered(rows, bpp: 3).dropLast()))) == nil)
    }

    @Test func aRealScreenshotDecodesAsLeptonicaDoes() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../samples/0083_xiaomi_status_dark_alpha.png").standardizedFileURL.path
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(try Self.flattened(Image.decodingPNG(bytes)) == Self.flattened(Image.decodingAny(bytes)))
    }
}
