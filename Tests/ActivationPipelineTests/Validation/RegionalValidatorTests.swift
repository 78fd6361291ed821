@testable import ActivationPipeline
import Testing

/// Vectors: python-stdnum `br.cpf`, validate-docbr's CPF tests.
@Suite struct CPFValidatorTests {
    @Test(arguments: [
        ("390.533.447-05", "39053344705"),
        ("39053344705", "39053344705"),
        ("123.456.789-09", "12345678909"),
        ("093.808.260-44", "09380826044"),
        (" 390 533 447 05 ", "39053344705"),
    ])
    func acceptsAndNormalises(_ input: String, _ expected: String) throws {
        #expect(try CPFValidator().validate(input) == expected)
    }

    @Test(arguments: [
        ("231.002.999-00", "INVALID_CHECKSUM"),
        ("12345678901", "INVALID_CHECKSUM"),
        ("123.456.789-10", "INVALID_CHECKSUM"),
        ("390.533.447=0", "INVALID_FORMAT"),
        ("AAA.AAA.AAA+AA", "INVALID_FORMAT"),
        ("04255791000144", "INVALID_LENGTH"),
        ("9380826044", "INVALID_LENGTH"),
        ("123456789", "INVALID_LENGTH"),
        ("", "EMPTY"),
    ])
    func refuses(_ input: String, _ code: String) {
        #expect(IMEIValidatorTests.code(of: CPFValidator(), input) == code)
    }

    @Test(arguments: 0...9)
    func refusesRepeatedDigits(_ digit: Int) {
        let d = String(digit)
        let cpf = "\(d)\(d)\(d).\(d)\(d)\(d).\(d)\(d)\(d)-\(d)\(d)"
        #expect(IMEIValidatorTests.code(of: CPFValidator(), cpf) == "REPEATED_DIGITS")
    }
}

/// Vectors: validator.js `isPostalCode(_, 'IN')`.
@Suite struct PincodeValidatorTests {
    @Test(arguments: [
        ("364240", "364240"),
        ("360005", "360005"),
        ("110001", "110001"),
        ("110 001", "110001"),
        (" 560034 ", "560034"),
    ])
    func accepts(_ input: String, _ expected: String) throws {
        #expect(try PincodeValidator().validate(input) == expected)
    }

    @Test(arguments: [
        ("123", "INVALID_LENGTH"),
        ("1100011", "INVALID_LENGTH"),
        ("012345", "INVALID_PREFIX"),
        ("011111", "INVALID_PREFIX"),
        ("101123", "UNALLOCATED_PREFIX"),
        ("291123", "UNALLOCATED_PREFIX"),
        ("351123", "UNALLOCATED_PREFIX"),
        ("541123", "UNALLOCATED_PREFIX"),
        ("551123", "UNALLOCATED_PREFIX"),
        ("651123", "UNALLOCATED_PREFIX"),
        ("661123", "UNALLOCATED_PREFIX"),
        ("861123", "UNALLOCATED_PREFIX"),
        ("871123", "UNALLOCATED_PREFIX"),
        ("881123", "UNALLOCATED_PREFIX"),
        ("891123", "UNALLOCATED_PREFIX"),
        ("11 0001", "INVALID_FORMAT"),
        ("110-001", "INVALID_FORMAT"),
        ("110  001", "INVALID_FORMAT"),
        ("11000A", "INVALID_FORMAT"),
        ("", "EMPTY"),
    ])
    func refuses(_ input: String, _ code: String) {
        #expect(IMEIValidatorTests.code(of: PincodeValidator(), input) == code)
    }
}

/// The rule of validator.js `isMobilePhone(_, 'en-IN')`: `^(\+?91|0)?[6789]\d{9}$`, with spaces.
@Suite struct MobileNumberValidatorTests {
    @Test(arguments: [
        ("9876543210", "9876543210"),
        ("6000000000", "6000000000"),
        ("+919876543210", "9876543210"),
        ("+91 98765 43210", "9876543210"),
        ("+91-98765-43210", "9876543210"),
        ("919876543210", "9876543210"),
        ("09876543210", "9876543210"),
        ("9198765432", "9198765432"),
    ])
    func accepts(_ input: String, _ expected: String) throws {
        #expect(try MobileNumberValidator().validate(input) == expected)
    }

    @Test(arguments: [
        ("5876543210", "INVALID_PREFIX"),
        ("+449876543210", "INVALID_PREFIX"),
        ("+9876543210", "INVALID_PREFIX"),
        ("+915876543210", "INVALID_PREFIX"),
        ("987654321", "INVALID_LENGTH"),
        ("98765432101", "INVALID_LENGTH"),
        ("0919876543210", "INVALID_LENGTH"),
        ("+91", "INVALID_LENGTH"),
        ("98765abcde", "INVALID_FORMAT"),
        ("+", "INVALID_FORMAT"),
        ("", "EMPTY"),
    ])
    func refuses(_ input: String, _ code: String) {
        #expect(IMEIValidatorTests.code(of: MobileNumberValidator(), input) == code)
    }
}

@Suite struct ValidatorKindTests {
    @Test func everyKindHasAValidatorThatRefusesEmptyInput() {
        for kind in ValidatorKind.allCases {
            #expect(IMEIValidatorTests.code(of: kind.validator, "") == "EMPTY", "\(kind)")
        }
    }

    @Test func kindsAreNamedAsOnTheCommandLine() {
        #expect(ValidatorKind.allCases.map(\.rawValue) == ["imei", "imeisv", "meid", "cpf", "pincode", "mobile"])
    }
}
