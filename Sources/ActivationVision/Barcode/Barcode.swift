/// A decoded barcode: its text and where it stands (in the scanned image's pixels).
public struct Barcode: Sendable, Hashable {
    public var text: String
    public var box: PixelRect

    public init(text: String, box: PixelRect) {
        self.text = text
        self.box = box
    }
}
