/// Why an account tenure date was refused, with a stable code.
public struct AccountTenureError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `INVALID_FORMAT`, `INVALID_DATE` or `FUTURE_DATE`; never changes meaning.
    public let code: String
    /// What went wrong, for people.
    public let message: String

    /// Not written `YYYY-MM-DD`.
    public static func invalidFormat(_ text: String) -> AccountTenureError {
        AccountTenureError(code: "INVALID_FORMAT", message: "account tenure must be written YYYY-MM-DD, not \"\(text)\"")
    }

    /// Written right, but no such day (`2023-02-30`).
    public static func invalidDate(_ text: String) -> AccountTenureError {
        AccountTenureError(code: "INVALID_DATE", message: "account tenure \(text) is not a real date")
    }

    /// A day after today.
    public static func futureDate(_ text: String, today: CalendarDate) -> AccountTenureError {
        AccountTenureError(code: "FUTURE_DATE", message: "account tenure \(text) is after today (\(today))")
    }

    public var description: String { "\(code): \(message)" }
}
