/// The Luhn (mod 10) check used by IMEI and by decimal MEIDs. Pure logic.
public enum Luhn {
    /// The check digit that makes `body` (ASCII digits only) pass the Luhn check, or nil
    /// if `body` holds anything but the digits 0–9.
    public static func checkDigit(for body: some StringProtocol) -> Character? {
        var total = 0
        for (offset, ch) in body.reversed().enumerated() {
            guard let ascii = ch.asciiValue, ascii >= 48, ascii <= 57 else { return nil }
            var digit = Int(ascii - 48)
            if offset % 2 == 0 {
                digit *= 2
                if digit > 9 { digit -= 9 }
            }
            total += digit
        }
        return Character(String((10 - total % 10) % 10))
    }

    /// Whether `number` (ASCII digits, at least two) passes the Luhn check.
    public static func isValid(_ number: some StringProtocol) -> Bool {
        guard number.count >= 2, let last = number.last else { return false }
        return checkDigit(for: number.dropLast()) == last
    }
}
