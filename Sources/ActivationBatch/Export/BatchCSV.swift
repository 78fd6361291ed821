import Foundation

/// The CSV export's rows (RFC 4180: comma-separated, CRLF, quoted when needed). Pure.
public enum BatchCSV {
    /// The column names.
    public static let columns = [
        "file", "state", "imei1", "imei2", "more_imeis", "meid", "error_code", "error_name", "error_detail",
        "sha256", "bytes", "duration_ms", "duplicate_of",
    ]

    /// The header line, CRLF included.
    public static var header: String { line(columns) }

    /// One record's line, CRLF included.
    public static func row(_ record: BatchRecord) -> String {
        let imeis = record.result.imeis.map(\.value)
        let error = record.result.error
        return line([
            record.path, record.state.rawValue,
            imeis.count > 0 ? imeis[0] : "", imeis.count > 1 ? imeis[1] : "",
            imeis.dropFirst(2).joined(separator: ";"),
            record.result.meid ?? "",
            error.map { String($0.code) } ?? "", error?.name ?? "", error?.detail ?? "",
            record.sha256 ?? "", record.bytes.map(String.init) ?? "", record.durationMs.map(String.init) ?? "",
            record.duplicateOf ?? "",
        ])
    }

    static func line(_ fields: [String]) -> String {
        fields.map(quote).joined(separator: ",") + "\r\n"
    }

    /// The field, quoted if it holds a comma, a quote or a line break.
    static func quote(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else {
            return field
        }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
