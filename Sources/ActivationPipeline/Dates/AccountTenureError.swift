/// Why an account tenure date was refused: `INVALID_FORMAT`, `INVALID_DATE` or `FUTURE_DATE`,
/// codes that never change meaning, and a message for people.
public typealias AccountTenureError = CodedFailure<AccountTenure>

extension CodedFailure<AccountTenure> {
    /// Not written `YYYY-MM-DD`.
    public static func invalidFormat(_ text: String) -> AccountTenureError {
        AccountTenureError("INVALID_FORMAT", "account tenure must be written YYYY-MM-DD, not \"\(text)\"")
    }

    /// Written right, but no such day (`2023-02-30`).
    public static func invalidDate(_ text: String) -> AccountTenureError {
        AccountTenureError("INVALID_DATE", "account tenure \(text) is not a real date")
    }

    /// A day after today.
    public static func futureDate(_ text: String, today: CalendarDate) -> AccountTenureError {
        AccountTenureError("FUTURE_DATE", "account tenure \(text) is after today (\(today))")
    }
}
