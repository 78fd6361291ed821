extension Luhn {
    /// The Luhn checksum of `values` (digit values, most significant first) in base `radix`;
    /// 0 means the last value is a correct check digit. This is python-stdnum's
    /// `luhn.checksum(number, alphabet)`, which MEIDs use with the 16 hex digits.
    static func checksum(_ values: [Int], radix: Int) -> Int {
        var total = 0
        for (offset, value) in values.reversed().enumerated() {
            if offset % 2 == 0 {
                total += value
            } else {
                let doubled = value * 2
                total += doubled / radix + doubled % radix
            }
        }
        return total % radix
    }

    /// The check digit value that makes `values` followed by it pass ``checksum(_:radix:)``.
    static func checkValue(for values: [Int], radix: Int) -> Int {
        (radix - checksum(values + [0], radix: radix)) % radix
    }

    /// The values of the hex digits in `text` (0–9, A–F), or nil if any is not one.
    static func hexValues(_ text: some StringProtocol) -> [Int]? {
        var values: [Int] = []
        values.reserveCapacity(text.count)
        for ch in text {
            guard let value = ch.hexDigitValue, ch.isASCII else { return nil }
            values.append(value)
        }
        return values
    }
}
