import Foundation

/// A moment written as ISO 8601 UTC with milliseconds (`2026-11-25T18:04:05.123Z`), from Unix
/// milliseconds: how review decisions and reports say when. Pure.
public enum UTCTimestamp {
    /// `milliseconds` since 1970 as ISO 8601 UTC.
    public static func iso(milliseconds: Int) -> String {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000).formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
