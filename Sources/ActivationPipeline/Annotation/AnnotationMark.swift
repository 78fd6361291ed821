/// One thing drawn on an annotated copy of a screenshot: a box with a caption, or a caption
/// alone (a note across the top). Pure value; ``AnnotationPlan`` makes them from a result, and
/// the vision layer draws them.
public struct AnnotationMark: Sendable, Hashable {
    /// What the mark shows, which picks its colour.
    public enum Kind: String, Sendable, Hashable {
        /// A reported IMEI (green).
        case imei
        /// An identifier label left without a valid number (orange).
        case unreadLabel
        /// A note about the whole image, such as its error code (red).
        case note
    }

    public var kind: Kind
    /// x, y, width, height in the upright image's pixels; nil for a note.
    public var box: [Int]?
    /// Printable ASCII only (the drawing font has no other glyphs).
    public var caption: String

    public init(kind: Kind, box: [Int]?, caption: String) {
        self.kind = kind
        self.box = box
        self.caption = caption
    }
}
