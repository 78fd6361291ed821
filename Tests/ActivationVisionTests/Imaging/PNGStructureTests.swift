import Foundation
@testable import ActivationVision
import Testing

@Suite struct PNGStructureTests {
    static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("samples/0000_xiaomi_status_dark_png.png")

    @Test func aWholePNGPassesACutOrDamagedOneIsRefusedBeforeLibpng() throws {
        let bytes = [UInt8](try Data(contentsOf: Self.sample))
        #expect(PNGStructure.problem(in: bytes) == nil)
        #expect(PNGStructure.problem(in: Array(bytes.prefix(bytes.count / 2)))?.hasPrefix("truncated") == true)
        #expect(PNGStructure.problem(in: Array(bytes.dropLast(12)))?.hasPrefix("truncated") == true, "no IEND")
        var damaged = bytes
        damaged[50] ^= 0xFF  // inside the first IDAT chunk
        #expect(PNGStructure.problem(in: damaged) != nil)
        #expect(PNGStructure.crc32(Array("IEND".utf8)[...]) == 0xAE42_6082)
    }

    @Test func decodingACutPNGThrowsACodeNotAnImage() throws {
        let bytes = [UInt8](try Data(contentsOf: Self.sample))
        #expect(throws: ImageLoadError.self) { try ImageDecoder.decode(Array(bytes.prefix(bytes.count - 100))) }
    }
}
