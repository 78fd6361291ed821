import ActivationPipeline
import ActivationReader
import ActivationVision
import Foundation
import Testing

/// Annotated pictures from the real reader on real samples: the upright image at full size,
/// a green box around each IMEI read, and no metadata.
@Suite struct ScreenshotAnnotationTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("samples")

    /// The share of pixels in the column band at `x` ± `reach`, rows `y0..<y1`, that are exactly `colour`.
    static func share(of colour: (UInt8, UInt8, UInt8), in image: Image, x: Int, reach: Int, rows: Range<Int>) throws -> Double {
        let rgb = try #require(image.packedBytes())
        var best = 0.0
        for column in max(0, x - reach)...min(image.width - 1, x + reach) {
            let hits = rows.filter { y in
                let o = (y * image.width + column) * 3
                return rgb[o] == colour.0 && rgb[o + 1] == colour.1 && rgb[o + 2] == colour.2
            }.count
            best = max(best, Double(hits) / Double(max(1, rows.count)))
        }
        return best
    }

    @Test(arguments: ["0029_ios_about_light_exif_rot.jpg", "0002_samsung_dial_light_third.png"])
    func theUprightImageAtFullSizeWithABoxAroundEachIMEI(name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.samples.appendingPathComponent(name)))
        let reader = try IMEIReader()
        let result = reader.read(bytes: bytes, name: name)
        try #require(!result.imeis.isEmpty, "the sample reads")
        let upright = try ImageDecoder.decode(bytes)
        let png = try ScreenshotAnnotation.png(of: bytes, result: result)
        #expect(Array(png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        #expect(!String(decoding: png, as: UTF8.self).contains("Exif") && !String(decoding: png, as: UTF8.self).contains("eXIf"))
        let drawn = try ImageDecoder.decode(png)
        #expect(drawn.image.width == upright.image.width && drawn.image.height == upright.image.height)
        #expect(drawn.exif.orientation == 1 && !drawn.exif.hasGPS)
        for imei in result.imeis {
            let box = imei.box
            let green = try Self.share(of: (0, 160, 60), in: drawn.image, x: box[0] - 2, reach: 12, rows: box[1]..<(box[1] + box[3]))
            #expect(green > 0.9, "the left edge of \(imei.label)'s box is drawn")
            let before = try Self.share(of: (0, 160, 60), in: upright.image, x: box[0] - 2, reach: 12, rows: box[1]..<(box[1] + box[3]))
            #expect(before < 0.1, "and was not there before")
        }
    }

    @Test func outputNamesDropTheExtension() {
        #expect(ScreenshotAnnotation.outputPath(for: "/a/b/shot.v2.jpg", in: "out") == "out/shot.v2.annotated.png")
        #expect(ScreenshotAnnotation.outputPath(for: "noext", in: "out/") == "out/noext.annotated.png")
    }
}
