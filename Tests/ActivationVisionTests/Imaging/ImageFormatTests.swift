@testable import ActivationPipeline
@testable import ActivationVision
import Testing

@Suite struct ImageFormatTests {
    @Test(arguments: [
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], ImageFormat.png),
        ([0xFF, 0xD8, 0xFF, 0xE0], .jpeg),
        (Array("GIF89a".utf8), .gif),
        (Array("%PDF-1.7".utf8), .pdf),
        (Array("RIFF\0\0\0\0WEBPVP8 ".utf8), .webp),
        ([0, 0, 0, 24] + Array("ftypheic".utf8), .heic),
        ([0x49, 0x49, 0x2A, 0x00], .tiff),
        (Array("hello world".utf8), .unknown),
        ([], .unknown),
    ] as [([UInt8], ImageFormat)])
    func sniffsByContent(_ bytes: [UInt8], _ format: ImageFormat) {
        #expect(ImageFormat.sniff(bytes) == format)
    }
}

@Suite struct PixelBudgetTests {
    @Test func refusesBombsAndEmptySizes() {
        let budget = PixelBudget()
        #expect(throws: ImageLoadError.tooLarge(.png, width: 100_000, height: 100_000)) {
            try budget.check(width: 100_000, height: 100_000, format: .png)
        }
        #expect(throws: ImageLoadError.zeroSize(.png)) { try budget.check(width: 0, height: 0, format: .png) }
        #expect(throws: Never.self) { try budget.check(width: 1170, height: 2532, format: .png) }
    }
}
