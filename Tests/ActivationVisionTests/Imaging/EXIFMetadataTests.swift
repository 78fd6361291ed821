@testable import ActivationPipeline
@testable import ActivationVision
import Testing

@Suite struct EXIFMetadataTests {
    /// A JPEG header with an APP1 EXIF block: big-endian TIFF, one IFD with Orientation,
    /// Software and a GPS IFD pointer.
    static func jpeg(orientation: UInt16, software: String) -> [UInt8] {
        var ifd: [UInt8] = [0x00, 0x03]
        func entry(_ tag: UInt16, _ type: UInt16, _ count: UInt32, _ value: [UInt8]) {
            ifd += [UInt8(tag >> 8), UInt8(tag & 0xFF), UInt8(type >> 8), UInt8(type & 0xFF)]
            ifd += [UInt8(count >> 24), UInt8((count >> 16) & 0xFF), UInt8((count >> 8) & 0xFF), UInt8(count & 0xFF)]
            ifd += value
        }
        let soft = Array(software.utf8) + [0]
        let softOffset = UInt32(8 + 2 + 3 * 12 + 4)
        entry(0x0112, 3, 1, [UInt8(orientation >> 8), UInt8(orientation & 0xFF), 0, 0])
        entry(0x0131, 2, UInt32(soft.count), [0, 0, 0, UInt8(softOffset)])
        entry(0x8825, 4, 1, [0, 0, 0, 0])
        ifd += [0, 0, 0, 0]
        let tiff: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8] + ifd + soft
        let app1 = Array("Exif".utf8) + [0, 0] + tiff
        let length = app1.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + app1 + [0xFF, 0xD9]
    }

    @Test func readsOrientationSoftwareAndGPS() {
        let meta = EXIFMetadata.read(from: Self.jpeg(orientation: 6, software: "Photoshop"))
        #expect(meta.orientation == 6)
        #expect(meta.software == "Photoshop")
        #expect(meta.hasGPS)
    }

    @Test func survivesDamagedBlocks() {
        var bytes = Self.jpeg(orientation: 3, software: "x")
        bytes.removeLast(30)
        let meta = EXIFMetadata.read(from: bytes)
        #expect(meta.orientation == 1 || meta.orientation == 3)
        #expect(EXIFMetadata.read(from: [0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF]) == EXIFMetadata())
    }
}
