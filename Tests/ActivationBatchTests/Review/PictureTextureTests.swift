@testable import ActivationBatch
import ActivationPipeline
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

    @Test func aScreenshotsTextIsLevelAndAHandHeldPhotosIsNot() throws {
        for photo in ["0047_ios_dial_light_photo.jpg", "0003_xiaomi_status_dark_photo.jpg", "0057_chat_negative_light_photo.jpg"] {
            let look = try Self.look(photo)
            #expect(look.askew, "\(photo): \(look.skewDegrees.map { String($0) } ?? "no angle")")
        }
        for screen in ["0001_ios_dial_dark_jpeg85.jpg", "0101_ios_about_dark_messenger.jpg", "0020_ios_dial_dark_jpeg_heavy.jpg"] {
            let look = try Self.look(screen)
            #expect(!look.askew, "\(screen): \(look.skewDegrees.map { String($0) } ?? "no angle")")
        }
    }

    @Test func askewTextMakesAPhotoOfAPictureTheReaderFoundLegible() {
        var legible = ScreenshotResult(file: "x.jpg", imeis: [], meid: nil, error: nil)
        legible.stages = [ReaderStage(name: "bands", ms: 1, concluded: "legible, 2 labels, 2 IMEIs read")]
        #expect(!ReviewEvidence.isPhoto(legible, facts: nil, exactFlatShare: 0.93, skewDegrees: 0.1))
        #expect(ReviewEvidence.isPhoto(legible, facts: nil, exactFlatShare: 0.93, skewDegrees: -0.6))
        #expect(!ReviewEvidence.isPhoto(legible, facts: nil, exactFlatShare: 0.93, skewDegrees: nil))
    }
}
