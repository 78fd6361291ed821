@testable import ActivationReader
@testable import ActivationVision
import Testing

/// A legible page whose bands could not be read (their text far from the size Tesseract reads
/// best) is read whole by Tesseract first, and only when that finds nothing by the deep reader.
@Suite struct LegiblePageOrderTests {
    @Test func aLegiblePageTesseractReadsNeverReachesTheDeepReader() throws {
        let path = SampleScreenshotTests.samples.appendingPathComponent("0117_label_glue_dark_crop.png").path
        let (result, stages) = try NoIMEIPageTests.read(path)
        #expect(Set(result.imeis.map(\.value)) == ["867536812586126", "867536812614829"])
        #expect(result.imeis.allSatisfy { $0.channels == ["text"] })
        #expect(!stages.contains { $0.name == "deep" || $0.name == "rescue" }, "the deep reader was asked")
        #expect(stages.prefix(2).map(\.name) == ["bands", "page"])
    }

    @Test func aLegiblePageTesseractCannotReadStillReachesTheDeepReader() throws {
        // A photo taken square to the screen: level enough to be legible, too soft for Tesseract.
        let path = SampleScreenshotTests.samples.appendingPathComponent("photos/0010_ios_about_light_photo.jpg").path
        let (result, stages) = try NoIMEIPageTests.read(path)
        guard DeepOCR.shared != nil else { return }
        #expect(result.imeis.map(\.value) == ["016497644518508"])
        // Tesseract's whole page first, then the deep reader, whose reading ends the passes.
        let names = stages.map(\.name)
        #expect(names.firstIndex(of: "page").map { $0 < names.firstIndex(of: "rescue") ?? -1 } == true)
        #expect(stages.first { $0.name == "rescue" }?.verdict == "read")
    }
}
