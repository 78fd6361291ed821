/// The exit statuses of the `activation` command, as `zbarimg` distinguishes them: one meaning
/// per number, documented in the README and in each `--help`. Pure.
///
/// | status | meaning |
/// |---|---|
/// | 0 | success: `imei` read an IMEI in every input; other commands did what was asked |
/// | 1 | bad input or I/O error: an input that could not be read or decoded (4004, 4005), a store or export that failed |
/// | 4 | no IMEI: every input was read, and at least one showed no IMEI (4001) |
/// | 64 | usage error: an unknown option, a missing input folder or database (`EX_USAGE`, ArgumentParser's own) |
/// | 130 | interrupted by Ctrl-C (a rerun resumes) |
public enum CommandExitStatus: Int32, Sendable, CaseIterable {
    case success = 0
    case inputError = 1
    case noIMEI = 4
    case usage = 64
    case interrupted = 130

    /// The status of `activation imei` over results with these error codes (nil for a result
    /// that gave its IMEIs): an input that could not be read outweighs one that showed no IMEI,
    /// which outweighs success. A 4001 of any reason (no label, `NO_TEXT`, `DEADLINE_EXCEEDED`)
    /// is "no IMEI"; every other code is an input error.
    public static func imei(errorCodes: some Sequence<Int?>) -> CommandExitStatus {
        var status = CommandExitStatus.success
        for code in errorCodes {
            guard let code else { continue }
            if code == OAError.unableToDoOCR.code {
                if status == .success { status = .noIMEI }
            } else {
                return .inputError
            }
        }
        return status
    }

    /// One line per status for a command's `--help`.
    public static let helpText = """
        Exit status: 0 success (imei: an IMEI in every input); 1 bad input or I/O error \
        (unreadable or undecodable input, store or export failure); 4 no IMEI in at least one \
        input, every input read; 64 usage error (bad option, missing input folder or database); \
        130 interrupted.
        """
}
