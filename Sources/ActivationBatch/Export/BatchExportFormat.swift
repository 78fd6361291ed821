/// The export file's format, from its extension or `--format`.
public enum BatchExportFormat: String, Sendable, CaseIterable {
    /// One JSON object per line: the `activation imei --json` object plus `sha256`, `bytes`,
    /// `durationMs`, `duplicateOf`.
    case jsonl
    /// One row per file, with a header row.
    case csv

    /// The format a path's extension names (`.jsonl`, `.ndjson`, `.json`; `.csv`), if any.
    public init?(pathExtensionOf path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "jsonl", "ndjson", "json": self = .jsonl
        case "csv": self = .csv
        default: return nil
        }
    }
}
