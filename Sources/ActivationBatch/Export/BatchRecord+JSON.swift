public import ActivationPipeline

extension BatchRecord {
    /// The export line, without the newline: the result's JSON exactly as ``BatchJSON`` writes it
    /// for `activation imei --json` (`error`, `file`, `imeis`, `meid`; the stored review
    /// evidence left out), followed by `sha256`, `bytes`, `durationMs` and `duplicateOf`, every
    /// key written, `null` included, and `review` (``ReviewStatus``) when given.
    public func jsonLine(review: ReviewStatus? = nil) throws -> String {
        var bare = result
        bare.evidence = nil
        let head = try BatchJSON.encode(bare)
        guard head.hasSuffix("}") else {
            throw BatchError(.exportWrite, "the result for \(path) did not encode as a JSON object")
        }
        let extras = [
            "\"sha256\":" + (sha256.map(BatchJSON.quote) ?? "null"),
            "\"bytes\":" + (bytes.map(String.init) ?? "null"),
            "\"durationMs\":" + (durationMs.map(String.init) ?? "null"),
            "\"duplicateOf\":" + (duplicateOf.map(BatchJSON.quote) ?? "null"),
        ] + (try review.map { ["\"review\":" + String(decoding: try BatchJSON.encoder().encode($0), as: UTF8.self)] } ?? [])
        let separator = head == "{}" ? "" : ","
        return String(head.dropLast()) + separator + extras.joined(separator: ",") + "}"
    }
}
