import Foundation

/// A moment written as ISO 8601 UTC with milliseconds (`2026-11-25T18:04:05.123Z`), from Unix
/// milliseconds: how review decisions and reports say when. Pure.
public enum UTCTimestamp {
    /// `milliseconds` since 1970 as ISO 8601 UTC. The milliseconds are written from the integer,
    /// not from a floating-point date, so they are exact.
    public static func iso(milliseconds: Int) -> String {
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        let fraction = milliseconds - seconds * 1000
        let whole = Date(timeIntervalSince1970: Double(seconds)).formatted(Date.ISO8601FormatStyle())
        let padded = String(fraction + 1000).dropFirst()
        return String(whole.dropLast()) + "." + padded + "Z"
    }
}
