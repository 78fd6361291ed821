@testable import ActivationBatch
@testable import ActivationPipeline
@testable import ActivationReader
@testable import ActivationStorage
import TestSupport
import Testing

/// The stand-in reader: deterministic answers from bytes, with the reader's error codes.
@Suite struct DigestScreenshotReaderTests {
    let reader = DigestScreenshotReader()
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    @Test func findsLuhnValidFifteenDigitRuns() {
        let bytes = png + Array("IMEI1 352099001761481 IMEI2 490154203237518 fake 352099001761482 long 1352099001761481".utf8)
        let result = reader.read(bytes: bytes, name: "a.png")
        #expect(result.error == nil && result.file == "a.png")
        #expect(result.imeis.map(\.value) == ["352099001761481", "490154203237518"])
        #expect(result.imeis.map(\.slot) == [1, 2])
    }

    @Test func answersWithTheReaderErrorCodes() {
        #expect(reader.read(bytes: png + Array("nothing".utf8), name: "n.png").error?.code == 4001)
        #expect(reader.read(bytes: Array("352099001761481".utf8), name: "t.png").error?.code == 4005)
        #expect(reader.read(bytes: [], name: "e.png").error?.code == 4005)
    }

    @Test func knowsImageSignatures() {
        let riff = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8)
        let heic = [0, 0, 0, 24] + Array("ftypheic".utf8)
        for bytes in [png, [0xFF, 0xD8, 0xFF, 0xE0], Array("GIF89a".utf8), riff, heic] {
            #expect(DigestScreenshotReader.hasImageSignature(bytes))
        }
        #expect(!DigestScreenshotReader.hasImageSignature(Array("hello world".utf8)))
    }
}
