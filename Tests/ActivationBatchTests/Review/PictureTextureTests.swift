@testable import ActivationBatch
import ActivationPipeline
import ActivationVision
import Foundation
import Testing

/// The photo sign the review rules use on screen-shaped pictures, on real samples.
@Suite struct PictureTextureTests {
    static func share(_ name: String) throws -> Double {
        let data = try #require(FileManager.default.contents(atPath: CommandWorkspace.samples + "/" + name))
        return try #require(PictureTexture.exactFlatShare([UInt8](data)))
    }

    @Test func photosOfScreensAreFarLessExactlyFlatThanScreenshots() throws {
        for photo in ["0003_xiaomi_status_dark_photo.jpg", "0047_ios_dial_light_photo.jpg", "photos/0000_ios_about_light_photo.jpg"] {
            #expect(try Self.share(photo) < ReviewEvidence.maxPhotoFlatShare, "\(photo)")
        }
        for screen in ["0001_ios_dial_dark_jpeg85.jpg", "0101_ios_about_dark_messenger.jpg", "0020_ios_dial_dark_jpeg_heavy.jpg", "0013_ios_dial_dark_png.png"] {
            #expect(try Self.share(screen) > ReviewEvidence.maxPhotoFlatShare, "\(screen)")
        }
        #expect(PictureTexture.exactFlatShare(Array("not an image".utf8)) == nil)
    }

    static func look(_ name: String) throws -> PictureTexture.Look {
        let data = try #require(FileManager.default.contents(atPath: CommandWorkspace.samples + "/" + name))
        return try #require(PictureTexture.look([UInt8](data), imeis: []))
    }

    static func tilt(_ name: String) throws -> TextTilt {
        let data = try #require(FileManager.default.contents(atPath: CommandWorkspace.samples + "/" + name))
        let gray = try #require(try ImageDecoder.decode([UInt8](data)).image.textGray())
        return try #require(gray.image.textTilt())
    }

    @Test func aScreenshotsTextIsLevelAndAHandHeldPhotosIsNot() throws {
        for photo in ["0047_ios_dial_light_photo.jpg", "0003_xiaomi_status_dark_photo.jpg", "0057_chat_negative_light_photo.jpg"] {
            let tilt = try Self.tilt(photo)
            #expect(tilt.tilted, "\(photo): \(tilt)")
            // Few exactly equal neighbours make it a photo already: the look spends no tilt on it.
            #expect(try Self.look(photo).tilt == nil)
        }
        for screen in ["0001_ios_dial_dark_jpeg85.jpg", "0101_ios_about_dark_messenger.jpg", "0020_ios_dial_dark_jpeg_heavy.jpg"] {
            let look = try Self.look(screen)
            #expect(look.tilt != nil && !look.askew, "\(screen): \(String(describing: look.tilt))")
        }
    }

    @Test func tiltedTextMakesAPhotoOfAPictureTheReaderFoundLegible() {
        var legible = ScreenshotResult(file: "x.jpg", imeis: [], meid: nil, error: nil)
        legible.stages = [ReaderStage(name: "bands", ms: 1, concluded: "legible, 2 labels, 2 IMEIs read")]
        #expect(!ReviewEvidence.isPhoto(legible, facts: nil, exactFlatShare: 0.93, textTilted: false))
        #expect(ReviewEvidence.isPhoto(legible, facts: nil, exactFlatShare: 0.93, textTilted: true))
        #expect(!ReviewEvidence.isPhoto(legible, facts: nil, exactFlatShare: 0.93, textTilted: nil))
    }

    @Test func flatLevelPixelsMakeAScreenshotOfAPictureTheReaderFoundNotLegible() {
        var barcode = ScreenshotResult(file: "x.png", imeis: [], meid: nil, error: nil)
        barcode.stages = [ReaderStage(name: "bands", ms: 1, concluded: "not legible, 3 labels, 2 IMEIs")]
        #expect(ReviewEvidence.isPhoto(barcode, facts: nil))
        #expect(!ReviewEvidence.isPhoto(barcode, facts: nil, exactFlatShare: 0.97, textTilted: false))
        #expect(ReviewEvidence.isPhoto(barcode, facts: nil, exactFlatShare: 0.97, textTilted: true))
        #expect(ReviewEvidence.isPhoto(barcode, facts: nil, exactFlatShare: 0.3, textTilted: false))
    }

    @Test func aMildPhotoIsToldByTheTiltOfItsTopAndBottomLinesAlone() throws {
        // samples/photos-mild: screens filling the frame, seen a little from one side, as flat
        // as a JPEG screenshot and nearly level as a whole.
        let mild = try FileManager.default.contentsOfDirectory(atPath: CommandWorkspace.samples + "/photos-mild")
            .filter { $0.hasSuffix(".jpg") }.sorted()
        #expect(mild.count == 6)
        for name in mild {
            let look = try Self.look("photos-mild/" + name)
            #expect(look.exactFlatShare > ReviewEvidence.maxPhotoFlatShare, "\(name)")
            #expect(look.askew, "\(name): \(String(describing: look.tilt))")
            #expect(look.tilt?.top?.tilted == true || look.tilt?.bottom?.tilted == true, "\(name)")
        }
        // Screenshots that the reader finds not legible (a Samsung `*#06#` dialog's barcodes).
        for screen in ["0122_samsung_dial_dark_jpeg85.jpg", "0109_samsung_dial_light_png.png", "0114_cn_meid_dialog_dark_png.png"] {
            let look = try Self.look(screen)
            #expect(!look.askew, "\(screen): \(String(describing: look.tilt))")
        }
    }
}
