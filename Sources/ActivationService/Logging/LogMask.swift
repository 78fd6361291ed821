import ActivationPipeline

/// Masks personal data before it reaches a log line.
///
/// Pure. An IMEI shows as ``IMEIMask`` writes it: its first 8 digits (the TAC, which names the
/// model, not the device) and `*******`. A name keeps each word's first letter: `R**** S*****`.
enum LogMask {
    /// A person's name: each word's first letter, the rest starred.
    static func name(_ value: String) -> String {
        value.split(separator: " ", omittingEmptySubsequences: false)
            .map { word in word.isEmpty ? "" : String(word.prefix(1)) + String(repeating: "*", count: word.count - 1) }
            .joined(separator: " ")
    }

    /// Free text (a file name, a detail): every run of 9 or more digits masked as an IMEI.
    static func text(_ value: String) -> String {
        IMEIMask.maskingDigitRuns(value)
    }
}
