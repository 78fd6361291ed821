@testable import ActivationPipeline
@testable import ActivationReader
import Foundation
import Testing

/// One engine reads a set of samples forwards and then backwards: every image must give the
/// same result whatever was read before it on that engine (no state carried from image to
/// image: adaptive classifiers, caches, a variable left set by the previous crop).
@Suite struct ReadingOrderTests {
    static let files = [
        "0000_xiaomi_status_dark_png.png", "0001_ios_dial_dark_jpeg85.jpg", "0004_cn_meid_dialog_light_tiff.tif",
        "0009_android_about_dark_red_box.png", "0017_cn_meid_dialog_light_photo.jpg", "photos/0000_ios_about_light_photo.jpg",
        "box-labels/0001_box_label_light_photo.jpg",
    ]

    @Test func resultsDoNotDependOnTheOrderImagesAreRead() async throws {
        let paths = Self.files.map { SampleScreenshotTests.samples.appendingPathComponent($0).path }
            .filter { FileManager.default.fileExists(atPath: $0) }
        try #require(paths.count >= 5)
        let reader = try IMEIReader()
        let forwards = paths.map { reader.read(path: $0) }
        let backwards = paths.reversed().map { reader.read(path: $0) }.reversed()
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for (a, b) in zip(forwards, backwards) {
            #expect(try encoder.encode(a) == encoder.encode(b), "\(a.file) read differently after other images")
        }
        #expect(forwards.contains { !$0.imeis.isEmpty })
    }
}
