import Foundation

/// A person's answer to a result that needed one: a confirmation of the machine's reading, or a
/// correction of one IMEI, with who gave it and when. Kept beside the machine's result, never
/// over it. Pure value; made checked by ``confirm(by:atMs:sha256:)`` and
/// ``correct(_:slot:of:by:atMs:sha256:)``.
public struct ReviewDecision: Sendable, Hashable, Codable {
    /// What the person said.
    public enum Action: String, Sendable, Hashable, Codable {
        /// The machine's reading is right.
        case confirm
        /// One IMEI is another value.
        case correct
    }

    public var action: Action
    /// The corrected IMEI, 15 Luhn-valid digits; nil for a confirmation.
    public var imei: String?
    /// The SIM slot the correction is for (1, 2); nil for a confirmation, or a result of one IMEI
    /// with no slot.
    public var slot: Int?
    /// Who decided (`--by`).
    public var by: String
    /// When, in Unix milliseconds.
    public var atMs: Int
    /// The content (SHA-256) the person looked at: a decision holds only while the file stays
    /// the same.
    public var sha256: String?

    public init(action: Action, imei: String?, slot: Int?, by: String, atMs: Int, sha256: String?) {
        self.action = action
        self.imei = imei
        self.slot = slot
        self.by = by
        self.atMs = atMs
        self.sha256 = sha256
    }

    /// A confirmation by `by`, who must be named.
    public static func confirm(by: String, atMs: Int, sha256: String?) throws(ReviewError) -> ReviewDecision {
        ReviewDecision(action: .confirm, imei: nil, slot: nil, by: try reviewer(by), atMs: atMs, sha256: sha256)
    }

    /// A correction of `result`'s IMEI in `slot` to `value` (spaces, hyphens and slashes
    /// ignored) by `by`. The value must be 15 digits that pass Luhn (`REVIEW_INVALID_IMEI`);
    /// `slot` may be left out only when the result has at most one IMEI (`REVIEW_SLOT_REQUIRED`)
    /// and must be 1 or 2 (`REVIEW_INVALID_SLOT`).
    public static func correct(
        _ value: String, slot: Int?, of result: ScreenshotResult, by: String, atMs: Int, sha256: String?
    ) throws(ReviewError) -> ReviewDecision {
        let digits = value.filter { !" -/".contains($0) }
        guard digits.count == 15, IMEI.isValid(digits) else {
            throw ReviewError(.invalidIMEI, "the correction \(IMEIMask.maskingDigitRuns(value)) is not 15 digits that pass the Luhn check")
        }
        if let slot, !(1...2).contains(slot) { throw ReviewError(.invalidSlot, "--slot must be 1 or 2") }
        let name = try reviewer(by)
        var chosen = slot
        if chosen == nil {
            guard result.imeis.count <= 1 else {
                throw ReviewError(.slotRequired, "the result has \(result.imeis.count) IMEIs: give --slot 1 or 2")
            }
            chosen = result.imeis.first?.slot
        }
        return ReviewDecision(action: .correct, imei: digits, slot: chosen, by: name, atMs: atMs, sha256: sha256)
    }

    /// `name` trimmed, or `REVIEW_REVIEWER_REQUIRED` when empty; at most 200 characters.
    static func reviewer(_ name: String) throws(ReviewError) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw ReviewError(.reviewerRequired, "say who decides: --by NAME") }
        guard trimmed.count <= 200, !trimmed.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw ReviewError(.reviewerRequired, "--by must be a name of at most 200 printable characters")
        }
        return trimmed
    }

    /// `atMs` as ISO 8601 UTC with milliseconds: `2026-11-25T18:04:05.123Z`.
    public var at: String { UTCTimestamp.iso(milliseconds: atMs) }

    private enum CodingKeys: String, CodingKey { case action, imei, slot, by, at, atMs, sha256 }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        action = try c.decode(Action.self, forKey: .action)
        imei = try c.decodeIfPresent(String.self, forKey: .imei)
        slot = try c.decodeIfPresent(Int.self, forKey: .slot)
        by = try c.decode(String.self, forKey: .by)
        atMs = try c.decode(Int.self, forKey: .atMs)
        sha256 = try c.decodeIfPresent(String.self, forKey: .sha256)
    }

    /// Every key, `null` included: `action`, `imei`, `slot`, `by`, `at` (ISO 8601), `atMs`, `sha256`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(action, forKey: .action)
        try c.encode(imei, forKey: .imei)
        try c.encode(slot, forKey: .slot)
        try c.encode(by, forKey: .by)
        try c.encode(at, forKey: .at)
        try c.encode(atMs, forKey: .atMs)
        try c.encode(sha256, forKey: .sha256)
    }
}
