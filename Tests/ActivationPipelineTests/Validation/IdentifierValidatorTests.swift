@testable import ActivationPipeline
import Testing

/// Published vectors: python-stdnum's `imei` and `meid` doctests, validator.js's `isIMEI` cases.
@Suite struct IMEIValidatorTests {
    @Test(arguments: [
        // validator.js isIMEI, plain and with hyphens
        ("352099001761481", "352099001761481"),
        ("868932036356090", "868932036356090"),
        ("490154203237518", "490154203237518"),
        ("546918475942169", "546918475942169"),
        ("998227667144730", "998227667144730"),
        ("532729766805999", "532729766805999"),
        ("35-209900-176148-1", "352099001761481"),
        ("86-893203-635609-0", "868932036356090"),
        ("49-015420-323751-8", "490154203237518"),
        ("53-272976-680599-9", "532729766805999"),
        // python-stdnum imei
        ("350077-52-323751-3", "350077523237513"),
        ("354178036859789", "354178036859789"),
        ("35-417803-685978-9", "354178036859789"),
        // spaces, as screens print it
        ("35 209900 176148 1", "352099001761481"),
        ("  352099001761481\n", "352099001761481"),
    ])
    func acceptsAndNormalises(_ input: String, _ expected: String) throws {
        #expect(try IMEIValidator().validate(input) == expected)
    }

    @Test(arguments: [
        ("490154203237517", "INVALID_CHECKSUM"),
        ("49-015420-323751-7", "INVALID_CHECKSUM"),
        ("35-417803-685978-1", "INVALID_CHECKSUM"),
        ("35-417803-685978-2", "INVALID_CHECKSUM"),
        ("3568680000414120", "INVALID_LENGTH"),
        ("3520990017614823", "INVALID_LENGTH"),
        ("35-686800-0041412-0", "INVALID_LENGTH"),
        ("49-015420-323751", "INVALID_LENGTH"),
        ("35209900176148a", "INVALID_FORMAT"),
        ("35.209900.176148.1", "INVALID_FORMAT"),
        ("", "EMPTY"),
        (" - ", "EMPTY"),
    ])
    func refusesWithAStableCode(_ input: String, _ code: String) {
        #expect(throws: ValidationFailure.self) { try IMEIValidator().validate(input) }
        #expect(Self.code(of: IMEIValidator(), input) == code)
    }

    static func code(of validator: some Validator, _ input: String) -> String? {
        do {
            _ = try validator.validate(input)
            return nil
        } catch {
            return error.code.rawValue
        }
    }
}

@Suite struct IMEISVValidatorTests {
    @Test(arguments: [
        ("35686800-004141-20", "3568680000414120"),
        ("3568680000414120", "3568680000414120"),
        ("35-209900-176148-23", "3520990017614823"),
        ("35 209900 176148 23", "3520990017614823"),
    ])
    func acceptsSixteenDigits(_ input: String, _ expected: String) throws {
        #expect(try IMEISVValidator().validate(input) == expected)
    }

    @Test(arguments: [
        ("352099001761481", "INVALID_LENGTH"),
        ("35686800004141201", "INVALID_LENGTH"),
        ("356868000041412O", "INVALID_FORMAT"),
        ("", "EMPTY"),
    ])
    func refuses(_ input: String, _ code: String) {
        #expect(IMEIValidatorTests.code(of: IMEISVValidator(), input) == code)
    }
}

@Suite struct MEIDValidatorTests {
    @Test(arguments: [
        // python-stdnum meid module doctest and tests/test_meid.doctest
        ("AF 01 23 45 0A BC DE C", "AF0123450ABCDE"),
        ("29360 87365 0070 3710 0", "AF0123450ABCDE"),
        ("29360 87365 0070 3710", "AF0123450ABCDE"),
        ("49-015420-323751", "49015420323751"),
        ("35-209900-176148-1", "35209900176148"),
        ("AF 01 23 45 0A BC DE", "AF0123450ABCDE"),
        ("af 01 23 45 0a bc de", "AF0123450ABCDE"),
        ("293608736500703710", "AF0123450ABCDE"),
        ("2936087365007037100", "AF0123450ABCDE"),
    ])
    func acceptsStdnumVectors(_ input: String, _ expected: String) throws {
        #expect(try MEIDValidator().validate(input) == expected)
    }

    @Test(arguments: [
        ("29360 87365 0070 3710 1", "INVALID_CHECKSUM"),
        ("35-209900-176148-2", "INVALID_CHECKSUM"),
        ("AF 01 23 45 0A BC DE D", "INVALID_CHECKSUM"),
        ("29360 ABCDE 0070 3710", "INVALID_FORMAT"),
        ("GF 01 23 45 0A BC DE", "INVALID_FORMAT"),
        ("35209900176148A", "INVALID_FORMAT"),
        ("99999 99999 0070 3710 4", "INVALID_COMPONENT"),
        ("29360 87365 9999 9999 4", "INVALID_COMPONENT"),
        ("AF0123450ABC", "INVALID_LENGTH"),
        ("3520990017614823", "INVALID_LENGTH"),
        ("", "EMPTY"),
    ])
    func refusesStdnumVectors(_ input: String, _ code: String) {
        #expect(IMEIValidatorTests.code(of: MEIDValidator(), input) == code)
    }
}
