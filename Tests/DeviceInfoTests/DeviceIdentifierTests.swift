import DeviceInfo
import Testing

@Suite struct DeviceIdentifierTests {
    let identifiers = [(name: "machine-id", value: "4c4c4544004d3510805ac4c04f4e3232"), (name: "product_uuid", value: "4C4C4544-004D-3510-805A-C4C04F4E3232")]

    @Test func isHexSHA256AndStable() throws {
        let first = try #require(DeviceIdentifier.make(salt: "s1", identifiers: identifiers))
        #expect(first.count == 64)
        #expect(first.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        #expect(DeviceIdentifier.make(salt: "s1", identifiers: identifiers) == first)
    }

    @Test func anotherSaltGivesAnotherID() {
        #expect(DeviceIdentifier.make(salt: "s1", identifiers: identifiers) != DeviceIdentifier.make(salt: "s2", identifiers: identifiers))
        #expect(DeviceIdentifier.make(salt: "", identifiers: identifiers) != DeviceIdentifier.make(salt: "s1", identifiers: identifiers))
    }

    @Test func neverContainsARawIdentifier() throws {
        let id = try #require(DeviceIdentifier.make(salt: "", identifiers: identifiers))
        #expect(!id.contains("4c4c4544"))
    }

    @Test func ignoresFirmwarePlaceholders() {
        let withPlaceholder = identifiers + [(name: "board_serial", value: "To be filled by O.E.M.")]
        #expect(DeviceIdentifier.make(salt: "s", identifiers: withPlaceholder) == DeviceIdentifier.make(salt: "s", identifiers: identifiers))
        #expect(DeviceIdentifier.isPlaceholder("00000000-0000-0000-0000-000000000000"))
        #expect(DeviceIdentifier.isPlaceholder("Default string"))
        #expect(!DeviceIdentifier.isPlaceholder("PF2ABCDE"))
    }

    @Test func isNilWithoutAnyIdentifier() {
        #expect(DeviceIdentifier.make(salt: "s", identifiers: []) == nil)
        #expect(DeviceIdentifier.make(salt: "s", identifiers: [(name: "board_serial", value: "None")]) == nil)
    }

    @Test func namesAreBoundToValues() {
        let swapped = [(name: "product_uuid", value: identifiers[0].value), (name: "machine-id", value: identifiers[1].value)]
        #expect(DeviceIdentifier.make(salt: "s", identifiers: swapped) != DeviceIdentifier.make(salt: "s", identifiers: identifiers))
    }
}
