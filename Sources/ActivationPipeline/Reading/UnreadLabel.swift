/// An identifier label the reader found but left without a valid number, with why: what an
/// annotated picture draws in its own colour. Not part of the JSON result.
public struct UnreadLabel: Sendable, Hashable {
    /// Why the label gave no number.
    public enum Reason: String, Sendable, Hashable {
        /// Nothing readable as a number beside or under it.
        case noValue = "no value"
        /// Fifteen digits were read there, but they fail the Luhn check.
        case luhnFailed = "Luhn failed"
        /// A MEID label, on a screen that gave no IMEI.
        case meidOnly = "MEID only"
    }

    /// The label as read (`IMEI2`, `MEID` …).
    public var label: String
    /// x, y, width, height of the label in the upright image's pixels.
    public var box: [Int]
    public var reason: Reason

    public init(label: String, box: [Int], reason: Reason) {
        self.label = label
        self.box = box
        self.reason = reason
    }

    /// `labels` without those a reported IMEI accounts for (same label text), without "MEID
    /// only" when an IMEI was reported, and each label once (the first pass that saw it).
    public static func remaining(_ labels: [UnreadLabel], reported imeis: [IMEIReading]) -> [UnreadLabel] {
        var seen = Set<String>()
        return labels.filter { l in
            guard !imeis.contains(where: { $0.label == l.label }), l.reason != .meidOnly || imeis.isEmpty else { return false }
            return seen.insert(l.label).inserted
        }
    }
}
