import Foundation

/// Reads `/proc/cpuinfo` text. Pure logic.
public enum CPUInfo {
    /// Whether any processor's `flags` line lists `hypervisor`, which x86 CPUs set when they
    /// run under a hypervisor. Nil when the text has no `flags` line at all (other
    /// architectures, or not cpuinfo), since then it says nothing either way.
    public static func hasHypervisorFlag(_ text: String) -> Bool? {
        var sawFlags = false
        for line in text.split(whereSeparator: \.isNewline) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces)
            guard key == "flags" else { continue }
            sawFlags = true
            if line[line.index(after: colon)...].split(separator: " ").contains("hypervisor") {
                return true
            }
        }
        return sawFlags ? false : nil
    }
}
