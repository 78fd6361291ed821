import Foundation

/// Reads `os-release` text (`/etc/os-release`). Pure logic.
public enum OSRelease {
    /// The `VERSION_ID` value without quotes (`12`, `22.04`), nil when absent or empty.
    public static func versionID(_ text: String) -> String? {
        for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix("VERSION_ID=") {
            var value = line.dropFirst("VERSION_ID=".count).trimmingCharacters(in: .whitespaces)
            if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
                value = String(value.dropFirst().dropLast())
            }
            return value.isEmpty ? nil : value
        }
        return nil
    }
}
