@testable import ActivationPipeline
@testable import ActivationVision
import Foundation
import Testing

/// The deep second opinion's own surface (``DeepOCR``, ``DeepPage``): its lines found and read on a
/// bundled sample through OpenCV's geometry, a stop that ends the work, and a failed detection that
/// throws with its code rather than passing for a page without text.
@Suite(.enabled(if: DeepOCR.shared != nil, "needs the deep second opinion installed"))
struct DeepOCRTests {
    /// `samples/0028`: a small box label (a third of its size), whose two IMEI lines the deep reader
    /// gives (the page as the reader's deep stage sees it: gray, enlarged to 960 px).
    static func page(stop: WorkStop = .never) throws -> DeepPage {
        let url = SampleScreenshotTests.samples.appendingPathComponent("0028_box_label_light_third.png")
        let decoded = try ImageDecoder.decode([UInt8](try Data(contentsOf: url)))
        let gray = try #require(decoded.image.textGray()?.image)
        let scaled = try #require(gray.scaled(by: 960 / Double(max(gray.width, gray.height))))
        return try #require(DeepOCR.shared?.page(scaled, stop: stop))
    }

    @Test func aBoxLabelsLinesAreFoundInsideThePageAndRead() throws {
        let page = try Self.page()
        let lines = try page.lines()
        #expect(lines.count >= 6)
        for line in lines {
            let xs = stride(from: 0, to: 8, by: 2).map { line.corners[$0] }, ys = stride(from: 1, to: 8, by: 2).map { line.corners[$0] }
            #expect(xs.allSatisfy { (0..<Double(page.width)).contains($0) } && ys.allSatisfy { (0..<Double(page.height)).contains($0) })
        }
        // Top to bottom: each line's top-left no higher than the previous line's by a line's gap.
        for (a, b) in zip(lines, lines.dropFirst()) { #expect(b.corners[1] >= a.corners[1] - 10) }
        let read = lines.compactMap { page.read($0)?.text }
        #expect(read.contains { $0.contains("862465800677587") })
        #expect(read.contains { $0.contains("862465805977446") })
    }

    @Test func aStoppedPageFindsNothingAndDoesNotThrow() throws {
        let stop = WorkStop()
        stop.stop()
        #expect(try Self.page(stop: stop).lines().isEmpty)
    }

    @Test func aDetectionThatFailsThrowsWithItsCode() throws {
        let page = try Self.page()
        // The detector refuses a page shrunk under 32 px a side: a failure, not a page without text.
        let error = #expect(throws: DeepOCRError.self) { try page.lines(maxSide: 8) }
        #expect(error?.code.rawValue == "DEEP_OCR_DETECTION_FAILED")
        #expect(error == .detectionFailed(width: page.width, height: page.height))
    }
}
