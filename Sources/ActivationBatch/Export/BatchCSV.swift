public import ActivationPipeline
import Foundation

/// The CSV export's rows (RFC 4180: comma-separated, CRLF, quoted when needed). Pure.
///
/// Every field a spreadsheet user needs from the JSON: the first columns are those of before
/// (`file` … `duplicate_of`), then each of the first two IMEIs' label, slot, confidence,
/// corrected flag and channels, the box label's serial number and EID with their channels,
/// and the review (needed, reasons, the standing decision, the IMEIs as people settled them,
/// who and when). A field that a spreadsheet would run as a formula (starting with `=`, `+`,
/// `-`, `@`, a tab or a carriage return) gets a leading `'`, as OWASP advises.
public enum BatchCSV {
    /// The column names.
    public static let columns = [
        "file", "state", "imei1", "imei2", "more_imeis", "meid", "error_code", "error_name", "error_detail",
        "sha256", "bytes", "duration_ms", "duplicate_of",
    ] + ["imei1", "imei2"].flatMap { imei in
        ["label", "slot", "confidence", "corrected", "channels"].map { "\(imei)_\($0)" }
    } + [
        "serial_number", "serial_number_channels", "eid", "eid_channels",
        "review_needed", "review_reasons", "review_decision", "review_imeis", "review_by", "review_at",
    ]

    /// The header line, CRLF included.
    public static var header: String { line(columns) }

    /// One record's line, CRLF included; the review columns are empty without `review`.
    public static func row(_ record: BatchRecord, review: ReviewStatus? = nil) -> String {
        let result = record.result
        let imeis = result.imeis.map(\.value)
        let error = result.error
        var fields = [
            record.path, record.state.rawValue,
            imeis.count > 0 ? imeis[0] : "", imeis.count > 1 ? imeis[1] : "",
            imeis.dropFirst(2).joined(separator: ";"),
            result.meid ?? "",
            error.map { String($0.code) } ?? "", error?.name ?? "", error?.detail ?? "",
            record.sha256 ?? "", record.bytes.map(String.init) ?? "", record.durationMs.map(String.init) ?? "",
            record.duplicateOf ?? "",
        ]
        for index in 0..<2 {
            guard index < result.imeis.count else {
                fields += ["", "", "", "", ""]
                continue
            }
            let reading = result.imeis[index]
            fields += [
                reading.label, reading.slot.map(String.init) ?? "", confidence(reading.confidence),
                reading.corrected ? "true" : "false", reading.channels.joined(separator: ";"),
            ]
        }
        fields += [
            result.serialNumber?.value ?? "", result.serialNumber?.channels.joined(separator: ";") ?? "",
            result.eid?.value ?? "", result.eid?.channels.joined(separator: ";") ?? "",
        ]
        if let review {
            let decision = review.decision
            fields += [
                review.needed ? "true" : "false",
                review.reasons.map(\.code.rawValue).joined(separator: ";"),
                decision?.action.rawValue ?? "",
                decision == nil ? "" : review.settledIMEIs(of: result).joined(separator: ";"),
                decision?.by ?? "", decision?.at ?? "",
            ]
        } else {
            fields += ["", "", "", "", "", ""]
        }
        return line(fields)
    }

    static func line(_ fields: [String]) -> String {
        fields.map { quote(defused($0)) }.joined(separator: ",") + "\r\n"
    }

    /// The confidence as the JSON writes it: three decimals at most.
    public static func confidence(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// The field with a leading `'` when a spreadsheet would take it for a formula.
    static func defused(_ field: String) -> String {
        guard let first = field.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return field }
        return "'" + field
    }

    /// The field, quoted if it holds a comma, a quote or a line break.
    static func quote(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else {
            return field
        }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
