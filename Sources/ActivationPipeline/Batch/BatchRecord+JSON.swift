extension BatchRecord: Encodable {
    private enum ExtraKeys: String, CodingKey {
        case sha256, bytes, durationMs, duplicateOf
    }

    /// The `activation imei --json` object (`file`, `imeis`, `meid`, `error`) followed by
    /// `sha256`, `bytes`, `durationMs` and `duplicateOf`, every key written, `null` included.
    public func encode(to encoder: any Encoder) throws {
        try result.encode(to: encoder)
        var c = encoder.container(keyedBy: ExtraKeys.self)
        try c.encode(sha256, forKey: .sha256)
        try c.encode(bytes, forKey: .bytes)
        try c.encode(durationMs, forKey: .durationMs)
        try c.encode(duplicateOf, forKey: .duplicateOf)
    }
}
