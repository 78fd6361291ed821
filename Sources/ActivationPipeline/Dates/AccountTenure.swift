/// Checks Belvo's `accountTenure`: the customer's creation date, `YYYY-MM-DD`. Pure logic.
public enum AccountTenure {
    /// The date `text` names, if it is written `YYYY-MM-DD`, exists, and is not after `today`.
    ///
    /// Pass as `today` the later of today's date in UTC and in the user's zone (see
    /// ``HostEnvironment/today``), since Belvo takes the date from a UTC `created_at`.
    public static func validate(_ text: String, today: CalendarDate) throws(AccountTenureError) -> CalendarDate {
        guard isWrittenAsISODate(text) else { throw .invalidFormat(text) }
        guard let date = CalendarDate(iso: text) else { throw .invalidDate(text) }
        guard date <= today else { throw .futureDate(text, today: today) }
        return date
    }

    /// Whether `text` has the shape `DDDD-DD-DD` in ASCII digits.
    static func isWrittenAsISODate(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 10 else { return false }
        for (index, byte) in bytes.enumerated() {
            if index == 4 || index == 7 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return false }
            }
        }
        return true
    }
}
