extension BatchRecord {
    /// The export line, without the newline: the result's JSON exactly as ``BatchJSON`` writes it
    /// for `activation imei --json` (`error`, `file`, `imeis`, `meid`), followed by `sha256`,
    /// `bytes`, `durationMs` and `duplicateOf`, every key written, `null` included.
    public func jsonLine() throws -> String {
        let head = try BatchJSON.encode(result)
        guard head.hasSuffix("}") else {
            throw BatchError(.exportWrite, "the result for \(path) did not encode as a JSON object")
        }
        let extras = [
            "\"sha256\":" + (sha256.map(BatchJSON.quote) ?? "null"),
            "\"bytes\":" + (bytes.map(String.init) ?? "null"),
            "\"durationMs\":" + (durationMs.map(String.init) ?? "null"),
            "\"duplicateOf\":" + (duplicateOf.map(BatchJSON.quote) ?? "null"),
        ]
        let separator = head == "{}" ? "" : ","
        return String(head.dropLast()) + separator + extras.joined(separator: ",") + "}"
    }
}
