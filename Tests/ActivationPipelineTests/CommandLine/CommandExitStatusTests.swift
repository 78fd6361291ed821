import ActivationPipeline
import Testing

/// `activation imei`'s exit status, as `zbarimg` distinguishes found, none found and errors.
@Suite struct CommandExitStatusTests {
    @Test func everyInputWithAnIMEIIsSuccess() {
        #expect(CommandExitStatus.imei(errorCodes: [nil, nil]) == .success)
        #expect(CommandExitStatus.imei(errorCodes: []) == .success)
    }

    @Test func anInputWithoutAnIMEIIsFour() {
        #expect(CommandExitStatus.imei(errorCodes: [nil, 4001]) == .noIMEI)
        #expect(CommandExitStatus.noIMEI.rawValue == 4)
    }

    @Test func anUnreadableInputOutweighsNoIMEI() {
        #expect(CommandExitStatus.imei(errorCodes: [4001, 4004, nil]) == .inputError)
        #expect(CommandExitStatus.imei(errorCodes: [4005]) == .inputError)
        #expect(CommandExitStatus.imei(errorCodes: [nil, 4006]) == .inputError)
    }

    @Test func theCodesAreDistinctAndUsageIsArgumentParsers() {
        let values = CommandExitStatus.allCases.map(\.rawValue)
        #expect(Set(values).count == values.count)
        #expect(CommandExitStatus.usage.rawValue == 64)
        #expect(CommandExitStatus.helpText.contains("4 no IMEI") && CommandExitStatus.helpText.contains("64 usage"))
    }
}
