/// A decoded barcode: its text and where it stands (in the scanned image's pixels).
public struct Barcode: Sendable, Hashable {
    public var text: String
    public var box: PixelRect
}
