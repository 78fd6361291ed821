@testable import ActivationPipeline
@testable import ActivationReader
@testable import ActivationVision
import Foundation
import Testing

/// The reader's one decode: the file loaded and hashed once, the facts taken from the decode.
@Suite struct ScreenshotReadTests {
    static let sample = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("samples/0000_xiaomi_status_dark_png.png")

    @Test func aScreenshotIsHashedWhenItIsMade() throws {
        let loaded = try Screenshot.load(path: Self.sample.path, maxBytes: 64 << 20).get()
        #expect(loaded.name == Self.sample.path && loaded.sha256.count == 64)
        #expect(Screenshot(name: "upload.png", bytes: loaded.bytes).sha256 == loaded.sha256)
        #expect(Screenshot(name: "empty", bytes: []).sha256 == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(Screenshot.load(path: Self.sample.path + ".missing", maxBytes: 64 << 20).failureCode == 4004)
        #expect(Screenshot.load(path: Self.sample.path, maxBytes: 10).failureCode == 4005)
    }

    @Test func factsComeUprightFromTheDecode() throws {
        let decoded = try ImageDecoder.decode(Array(try Data(contentsOf: Self.sample)))
        let facts = ImageFacts(decoded)
        #expect(facts.pixelWidth == decoded.image.width && facts.pixelHeight == decoded.image.height && facts.format == .png)
        var exif = EXIFMetadata()
        exif.orientation = 6
        exif.software = "Snapseed 2.0"
        exif.make = "Acme"
        let turned = ImageFacts(DecodedImage(image: decoded.image, format: .jpeg, exif: exif, storedWidth: 300, storedHeight: 400))
        #expect(turned.pixelWidth == 400 && turned.pixelHeight == 300, "orientation 6 stands a 300×400 file 400 wide")
        #expect(turned.software == "Snapseed 2.0" && turned.make == "Acme" && turned.format == .jpeg)
    }
}

extension Result where Failure == OAError {
    /// The SDK code of a failure, nil on success.
    fileprivate var failureCode: Int? {
        if case .failure(let error) = self { return error.code }
        return nil
    }
}
