public import Foundation

/// How views write times: ISO 8601 in UTC with milliseconds, `2025-06-01T09:30:00.125Z`. Pure.
public enum FlowTimestamp {
    /// `date` as the views write it.
    public static func string(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
