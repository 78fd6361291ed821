@testable import ActivationPipeline
@testable import ActivationVision
import Foundation
@testable import KYCCheck
import Testing

/// The counted search that starts near the largest face's size (`FaceDetector.faces(in:…,
/// countedShare:)`) counts the same faces, with the same boxes, as the search from the smallest
/// size: one face at several sizes, two side by side, a face on a tablet, and none.
@Suite struct FaceDetectorTests {
    let rules = KYCRules()
    let detector: FaceDetector

    init() throws {
        detector = try KYCValidator().faces
    }

    static let pictures: [(String, @Sendable () throws -> [UInt8], Int)] = [
        ("astronaut", { try KYCSamples.astronaut() }, 1),
        ("astronaut ×0.6", { try KYCSamples.scaled(try KYCSamples.astronaut(), by: 0.6) }, 1),
        ("astronaut ×2", { try KYCSamples.scaled(try KYCSamples.astronaut(), by: 2) }, 1),
        ("two side by side", { try KYCSamples.sideBySide(try KYCSamples.astronaut()) }, 2),
        ("on a tablet", { try KYCSamples.onTablet(try KYCSamples.scaled(try KYCSamples.astronaut(), by: 1.5)) }, 1),
        ("coffee", { try KYCSamples.coffee() }, 0),
    ]

    @Test(arguments: 0..<pictures.count)
    func theSearchFromTheLargestFaceCountsWhatTheWholeSearchCounts(index: Int) throws {
        let (name, bytes, expected) = Self.pictures[index]
        let image = try ImageDecoder.decode(try bytes()).image
        let whole = rules.countedFaces(try detector.faces(
            in: image, minSizeFraction: rules.faceMinSizeFraction, minNeighbors: rules.faceMinNeighbors
        ))
        let quick = rules.countedFaces(try detector.faces(
            in: image, minSizeFraction: rules.faceMinSizeFraction, minNeighbors: rules.faceMinNeighbors,
            countedShare: rules.faceMinShareOfLargest
        ))
        #expect(whole.count == expected, "\(name)")
        #expect(Set(quick) == Set(whole), "\(name): \(quick) against \(whole)")
    }
}
