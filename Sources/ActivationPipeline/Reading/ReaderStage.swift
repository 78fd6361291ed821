/// One stage of the reader's plan as it ran on a picture: its name (one word from the list in
/// the README), its wall time, what it concluded, and the verdict when it gave the one that
/// ended the reading's passes. A stage that reads a derived picture (levelled, set upright)
/// holds the stages its sub-plan ran. What `activation imei --explain --json` prints.
public struct ReaderStage: Sendable, Hashable, Codable {
    /// The stage's name: `bands`, `whole`, `deep`, `page` … (the README lists them).
    public var name: String
    /// Its wall time, in whole milliseconds.
    public var ms: Int
    /// What it found, in a few words.
    public var concluded: String
    /// `read` (every IMEI label accounted for), `none` (no IMEI to find) or `spared` (the
    /// picture as taken already had the costlier passes): set on the stage that ended the passes.
    public var verdict: String?
    /// The stages of the sub-plan it ran on a derived picture, in order.
    public var stages: [ReaderStage]?

    public init(name: String, ms: Int, concluded: String, verdict: String? = nil, stages: [ReaderStage]? = nil) {
        self.name = name
        self.ms = ms
        self.concluded = concluded
        self.verdict = verdict
        self.stages = stages
    }
}
