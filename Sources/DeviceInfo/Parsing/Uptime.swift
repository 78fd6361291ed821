/// Reads `/proc/uptime` text. Pure logic.
public enum Uptime {
    /// The first field (seconds since boot, with a fraction) as whole milliseconds, computed
    /// from the decimal digits without floating point. Nil when it is not a number.
    public static func milliseconds(_ text: String) -> Int? {
        guard let field = text.split(whereSeparator: { $0 == " " || $0.isNewline }).first else { return nil }
        let parts = field.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let seconds = Int(parts[0]), seconds >= 0, parts[0].allSatisfy(\.isASCII) else {
            return nil
        }
        var millis = 0
        if parts.count == 2 {
            let fraction = parts[1]
            guard !fraction.isEmpty, fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            let padded = String((fraction + "000").prefix(3))
            millis = Int(padded) ?? 0
        }
        let (total, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        guard !overflow else { return nil }
        return total + millis
    }
}
