import ActivationPipeline
import Foundation
import Testing

@Suite struct PrintableNameTests {
    @Test func aPlainNamePrintsAsItIs() {
        #expect(PrintableName.terminal("/uploads/café 1.png") == "/uploads/café 1.png")
        #expect(PrintableName.terminal("") == "")
    }

    @Test(arguments: [
        ("a\u{1B}]0;pwned\u{07}.png", #"$'a\e]0;pwned\a.png'"#),
        ("shot.png\nfake.png: IMEI 1", #"$'shot.png\nfake.png: IMEI 1'"#),
        ("it's\u{1B}[2J", #"$'it\'s\e[2J'"#),
        ("back\\slash\u{7F}", #"$'back\\slash\x7f'"#),
        ("evil\u{202E}gnp.exe", #"$'evil\u202egnp.exe'"#),
        ("c1\u{9B}31m", #"$'c1\x9b31m'"#),
    ])
    func controlCharactersAreQuotedAsTheShellReadsThem(name: String, printed: String) {
        let quoted = PrintableName.terminal(name)
        #expect(quoted == printed)
        #expect(!quoted.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test func aLogMasksLongDigitRunsAndQuotes() {
        #expect(PrintableName.log("/in/359411109200028.png") == "/in/35941110*******.png")
        #expect(PrintableName.log("/in/89049032624609496352505763520976-eid\n.jpg")
            == #"$'/in/89049032*******-eid\n.jpg'"#)
        // Shorter runs (dates, counters) stay.
        #expect(PrintableName.log("/in/2026-11-25/0001234.png") == "/in/2026-11-25/0001234.png")
    }
}

@Suite struct FileSystemNameTests {
    @Test func aNameThatIsNotUTF8KeepsEveryByte() {
        let latin1: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".png".utf8)
        let name = FileSystemName.string(latin1)
        #expect(FileSystemName.bytes(name) == latin1)
        #expect(PrintableName.terminal(name) == #"$'caf\xe9.png'"#)
        // Well-formed names are untouched, multi-byte characters included.
        #expect(FileSystemName.string(Array("café ☕.png".utf8)) == "café ☕.png")
        #expect(FileSystemName.bytes("café ☕.png") == Array("café ☕.png".utf8))
        // A cut sequence, a lone continuation byte and an overlong form each keep their bytes.
        for bytes: [UInt8] in [[0x61, 0xE2, 0x82], [0x80, 0x41], [0xC0, 0xAF]] {
            #expect(FileSystemName.bytes(FileSystemName.string(bytes)) == bytes)
        }
        let cString = FileSystemName.withCString(name) { String(cString: $0, encoding: .isoLatin1) }
        #expect(cString == "café.png")
    }
}
