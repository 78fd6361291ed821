/// A review decision that cannot be recorded, with a stable code (`REVIEW_…`).
public typealias ReviewError = CodedFailure<Review>

/// The operator's review of batch results: whose failures ``ReviewError``s are.
public enum Review {}

extension StableCode<Review> {
    /// A correction that is not 15 digits passing the Luhn check.
    public static var invalidIMEI: Self { "REVIEW_INVALID_IMEI" }
    /// A correction of a result with two IMEIs that does not say which slot.
    public static var slotRequired: Self { "REVIEW_SLOT_REQUIRED" }
    /// A slot other than 1 or 2.
    public static var invalidSlot: Self { "REVIEW_INVALID_SLOT" }
    /// A decision that does not say who made it.
    public static var reviewerRequired: Self { "REVIEW_REVIEWER_REQUIRED" }
    /// A file the batch has no finished result for.
    public static var unknownFile: Self { "REVIEW_UNKNOWN_FILE" }
}
