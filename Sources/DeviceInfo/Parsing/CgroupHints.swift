/// Reads `/proc/<pid>/cgroup` text for container runtimes. Pure logic.
public enum CgroupHints {
    /// Path fragments that container runtimes put in cgroup paths.
    public static let markers = ["docker", "kubepods", "containerd", "libpod", "podman", "lxc", "crio", "garden", "buildkit", "actions_job"]

    /// The first marker any cgroup path mentions, nil when none does.
    public static func containerMarker(_ text: String) -> String? {
        for line in text.split(whereSeparator: \.isNewline) {
            // hierarchy-ID:controllers:path
            let path = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).last ?? ""
            let lowered = path.lowercased()
            if let marker = markers.first(where: { lowered.contains($0) }) {
                return marker
            }
        }
        return nil
    }
}
