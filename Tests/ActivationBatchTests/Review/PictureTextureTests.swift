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
}
