/// What earlier activations left behind, looked up by the caller and passed in as values.
public struct RiskHistory: Sendable, Hashable, Codable {
    /// IMEIs (15 digits) that other activations already used.
    public var activatedIMEIs: Set<String>
    /// Hashes of screenshot files seen in other activations (same hash function as
    /// ``RiskInput/screenshotHash``). Leave out the current activation's own retries.
    public var seenScreenshotHashes: Set<String>

    public init(activatedIMEIs: Set<String> = [], seenScreenshotHashes: Set<String> = []) {
        self.activatedIMEIs = activatedIMEIs
        self.seenScreenshotHashes = seenScreenshotHashes
    }
}
