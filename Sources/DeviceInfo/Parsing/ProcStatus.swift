import Foundation

/// Reads `/proc/<pid>/status` text. Pure logic.
public enum ProcStatus {
    /// The `TracerPid` value: the process tracing this one, 0 when none. Nil when absent.
    public static func tracerPID(_ text: String) -> Int? {
        for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix("TracerPid:") {
            return Int(line.dropFirst("TracerPid:".count).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }
}
