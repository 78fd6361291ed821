/// A decoded barcode: its text and where it stands (in the scanned image's pixels).
public struct Barcode: Sendable, Hashable {
    public var text: String
    public var box: PixelRect
    /// Whether it is an EAN-13 (or a UPC-A read as one): the retail code a box prints, never a
    /// screen.
    public var isEAN13: Bool

    public init(text: String, box: PixelRect, isEAN13: Bool = false) {
        self.text = text
        self.box = box
        self.isEAN13 = isEAN13
    }
}
