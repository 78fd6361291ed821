/// Finaptic's `failureStatusCodes` values that the flow acts on.
public enum FinapticFailureCode {
    /// A failure that cannot be retried.
    public static let `default` = "FAILURE_CODE_DEFAULT"
    /// The customer is under the age of majority; cannot be retried.
    public static let ageOfMajority = "FAILURE_CODE_AGE_OF_MAJORITY"

    /// The codes after which no retry is allowed.
    public static let final: Set<String> = [`default`, ageOfMajority]

    /// Whether `codes` hold a code that ends the retries.
    public static func endsRetries(_ codes: [String]) -> Bool {
        codes.contains(where: final.contains)
    }
}
