/// Writes a UTC offset the way Belvo's risk signals do (`-03`). Pure logic.
public enum TimeZoneOffset {
    /// `±HH` for whole hours (`-03`, `+00`), `±HH:MM` otherwise (`+05:30`, `+05:45`).
    public static func format(secondsFromGMT seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let minutes = abs(seconds) / 60
        let hours = minutes / 60
        let rest = minutes % 60
        func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return rest == 0 ? "\(sign)\(pad(hours))" : "\(sign)\(pad(hours)):\(pad(rest))"
    }
}
