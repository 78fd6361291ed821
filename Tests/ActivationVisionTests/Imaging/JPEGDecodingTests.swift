@testable import ActivationVision
import Foundation
import Testing

@Suite struct JPEGDecodingTests {
    static func sample(_ name: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../samples/\(name)").standardizedFileURL
        return try [UInt8](Data(contentsOf: url))
    }

    @Test(arguments: ["0001_ios_dial_dark_jpeg85.jpg", "0003_xiaomi_status_dark_photo.jpg"])
    func aRealJPEGDecodesAsLeptonicaDoes(name: String) throws {
        let bytes = try Self.sample(name)
        let fast = try #require(Image.decodingJPEG(bytes)), general = try #require(Image.decodingAny(bytes))
        #expect(fast.depth == 32 && fast.width == general.width && fast.height == general.height)
        #expect(fast.packedBytes() == general.packedBytes())
    }

    @Test func aGrayJPEGStaysGray() throws {
        let colour = try #require(Image.decodingAny(try Self.sample("0001_ios_dial_dark_jpeg85.jpg")))
        let gray = try #require(colour.textGray()?.image.cropped(to: PixelRect(x: 0, y: 0, width: 301, height: 77)))
        let bytes = try #require(gray.jpegData(quality: 80))
        let fast = try #require(Image.decodingJPEG(bytes)), general = try #require(Image.decodingAny(bytes))
        #expect(fast.depth == 8 && fast.width == 301)
        #expect(fast.packedBytes() == general.packedBytes())
    }

    @Test func damagedDataNeverCrashes() throws {
        let bytes = try Self.sample("0001_ios_dial_dark_jpeg85.jpg")
        // Cut in the middle of the scan (an end marker added back), and a header alone.
        let cut = Array(bytes.prefix(bytes.count / 2)) + [0xFF, 0xD9]
        if let image = Image.decodingJPEG(cut) { #expect(image.width > 0) }
        #expect(Image.decodingJPEG(Array(bytes.prefix(200))) == nil)
        #expect(Image.decodingJPEG([0xFF, 0xD8, 0xFF, 0xD9]) == nil)
    }
}
