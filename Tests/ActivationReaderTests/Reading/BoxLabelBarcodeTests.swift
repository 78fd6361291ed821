@testable import ActivationPipeline
@testable import ActivationReader
@testable import ActivationVision
import Foundation
import Testing

/// A real box label (`samples/box-labels/0000`, an iPhone's: `IMEI` and `IMEI2`, each with its
/// Code-128 under it) read with its second IMEI's printed digits painted over or spoiled: the
/// barcode under that label counts alone, and says so.
@Suite(.serialized) struct BoxLabelBarcodeTests {
    static let file = SampleScreenshotTests.samples.appendingPathComponent("box-labels/0000_box_label_light_png.png")
    static let imei1 = "354926159766490"
    static let imei2 = "354926159766565"

    /// The label with the rectangle `x0..<x1`, `y0..<y1` painted white, then `ink` (the same
    /// height) black at its left end.
    static func painted(x0: Int, x1: Int, y0: Int, y1: Int, ink: Int = 0) throws -> DecodedImage {
        let decoded = try ImageDecoder.decode(Array(try Data(contentsOf: file)))
        let w = decoded.image.width, channels = decoded.image.depth == 8 ? 1 : 3
        var bytes = try #require(decoded.image.packedBytes())
        for y in y0..<y1 {
            for x in x0..<x1 {
                for c in 0..<channels { bytes[(y * w + x) * channels + c] = x < x0 + ink ? 0 : 255 }
            }
        }
        let image = try #require(bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap {
                Image.fromPacked($0, width: w, height: decoded.image.height, rowBytes: w * channels, channels: channels)
            }
        })
        return DecodedImage(image: image, format: decoded.format, exif: decoded.exif,
                            storedWidth: decoded.storedWidth, storedHeight: decoded.storedHeight)
    }

    @Test(arguments: [0, 12])
    func aBarcodeUnderALabelWhoseDigitsDidNotReadCountsAlone(ink: Int) throws {
        // IMEI2's digits stand at x 134…396, y 570…593 (the truth's `imei_boxes`).
        let result = try IMEIReader().read(try Self.painted(x0: 134, x1: 398, y0: 568, y1: 595, ink: ink), name: "box")
        let second = result.imeis.first { $0.value == Self.imei2 }
        #expect(result.imeis.allSatisfy { [Self.imei1, Self.imei2].contains($0.value) }, "a false accept")
        // Without the deep files no text line ties the barcode to its label: Tesseract alone
        // sees a label with nothing beside it.
        guard SamplePhotoTests.deep else { return }
        #expect(result.imeis.count == 2)
        #expect(second?.channels == [IMEIReading.barcode] && second?.corrected == true && second?.slot == 2)
    }

    /// A whole box photographed at 12 megapixels on a dark box (`samples/box-labels/0220`): the
    /// gray was turned inverse, so the barcodes are scanned as printed, and each IMEI's caption
    /// just above its bars (the line between two barcodes, which the page's passes lost) is
    /// read on its own and names its slot.
    @Test func aTwelveMegapixelLabelOnADarkBoxReadsEachCaptionAboveItsBars() throws {
        let file = SampleScreenshotTests.samples.appendingPathComponent("box-labels/0220_box_label_light_photo12mp.jpg")
        let result = try IMEIReader().read(try ImageDecoder.decode(Array(try Data(contentsOf: file))), name: "box")
        let slots = Dictionary(result.imeis.map { ($0.value, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(Set(slots.keys) == ["017452520028261", "017452528862232"])
        #expect(slots["017452520028261"]?.slot == 1 && slots["017452528862232"]?.slot == 2)
        #expect(result.imeis.allSatisfy { $0.channels.contains(IMEIReading.barcode) })
    }
}
