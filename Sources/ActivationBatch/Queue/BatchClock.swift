import Foundation

/// Wall-clock time in milliseconds, as the stores record it. Pure helpers around one clock read.
public enum BatchClock {
    /// Milliseconds since 1970 now.
    public static func nowMs() -> Int {
        Int((Date().timeIntervalSince1970 * 1000).rounded())
    }

    /// A duration in whole milliseconds (at least 1).
    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }
}
