@testable import ActivationPipeline
@testable import ActivationVision
@testable import KYCCheck
import Testing

/// The calibration of the 0–100 scores: normal renders pass, clearly degraded copies fail, with
/// the default threshold of 50. Prints the numbers it measures.
@Suite struct KYCScoresTests {
    typealias Canvas = KYCSamples.Canvas

    static func scores(_ name: String, _ jpeg: [UInt8]) throws -> KYCScores {
        let image = try ImageDecoder.decode(jpeg).image
        let m = try #require(image.qualityMeasurements())
        let s = KYCScores(m)
        print("\(name): focus \(Int(m.focus)) glare \(m.glare) p2 \(Int(m.low)) p90 \(Int(m.high)) → sharpness \(s.sharpness) glare \(s.glare) exposure \(s.exposure)")
        return s
    }

    @Test func normalRendersPassEveryScore() throws {
        for (name, jpeg) in [("front", KYCSamples.frontJPEG), ("back", KYCSamples.backJPEG), ("card on table", KYCSamples.photo(KYCSamples.documentOnTable))] {
            let s = try Self.scores(name, jpeg)
            #expect(s.sharpness >= 75, "\(name)")
            #expect(s.glare >= 90, "\(name)")
            #expect(s.exposure >= 90, "\(name)")
        }
    }

    @Test(arguments: [("front", KYCSamples.documentFront), ("card on table", KYCSamples.documentOnTable)])
    func slightBlurPassesAndStrongBlurFails(name: String, canvas: Canvas) throws {
        let slight = try Self.scores("\(name) σ=1", KYCSamples.photo(canvas.blurred(sigma: 1)))
        let strong = try Self.scores("\(name) σ=3", KYCSamples.photo(canvas.blurred(sigma: 3)))
        #expect(slight.sharpness >= 60)
        #expect(strong.sharpness < 40)
    }

    @Test func sharpnessDoesNotDependOnResolution() throws {
        let image = try #require(KYCSamples.documentFront.image()?.scaled(by: 2))
        let double = try Self.scores("front ×2", try #require(image.jpegData(quality: 90)))
        let single = try Self.scores("front", KYCSamples.documentFront.jpeg(quality: 90))
        #expect(abs(double.sharpness - single.sharpness) <= 10)
    }

    @Test func glareBlobsFailAndSpecularHighlightsPass() throws {
        let front = KYCSamples.documentFront
        let big = try Self.scores("glare r=140", KYCSamples.photo(front.glared(cx: 1000, cy: 450, r0: 140, r1: 260)))
        let mid = try Self.scores("glare r=80", KYCSamples.photo(front.glared(cx: 1000, cy: 450, r0: 80, r1: 160)))
        let small = try Self.scores("glare r=25", KYCSamples.photo(front.glared(cx: 1000, cy: 450, r0: 25, r1: 60)))
        #expect(big.glare < 30)
        #expect(mid.glare < 50)
        #expect(small.glare >= 80)
    }

    @Test func darkAndBrightCopies() throws {
        let front = KYCSamples.documentFront
        let dark = try Self.scores("dark ×0.3", KYCSamples.photo(front.mapped { UInt8(Double($0) * 0.3) }))
        let dim = try Self.scores("dim ×0.5", KYCSamples.photo(front.mapped { UInt8(Double($0) * 0.5) }))
        let bright = try Self.scores("washed ×0.25", KYCSamples.photo(front.mapped { UInt8(255 - Double(255 - Int($0)) * 0.25) }))
        let light = try Self.scores("light ×0.6", KYCSamples.photo(front.mapped { UInt8(255 - Double(255 - Int($0)) * 0.6) }))
        #expect(dark.exposure < 45 && dark.underexposed)
        #expect(dim.exposure >= 60)
        #expect(bright.exposure < 45 && !bright.underexposed)
        #expect(light.exposure >= 60)
    }
}
