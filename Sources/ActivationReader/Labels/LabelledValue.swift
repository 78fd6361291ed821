public import ActivationVision

/// A label found on the page and the words that hold its value: the unit the reader
/// re-reads and validates.
public struct LabelledValue: Sendable {
    public var label: IdentifierLabel
    /// Where the label stands (page pixels).
    public var labelBox: PixelRect
    /// The words read as its value in the first pass, left to right.
    public var words: [OCRWord]
    /// The region to re-read: the value words, or where the value should be when the first
    /// pass found none (page pixels).
    public var region: PixelRect
    /// The label's text height, a measure of the screen's text size.
    public var textHeight: Int
    /// The nearest other words left and right of the value on its row (page pixels): the
    /// crop must not reach past them. `left` is at least the label's right edge on its row.
    public var fence: (left: Int, right: Int) = (0, Int.max)
    /// Whether the value stands to the right of the label (same row) rather than below it.
    public var sameRow: Bool

    /// The first pass's reading of the value.
    public var firstPassText: String {
        let joined = words.map(\.text).joined(separator: " ")
        if let glued = label.gluedValue { return glued + (joined.isEmpty ? "" : " " + joined) }
        return joined
    }
}
