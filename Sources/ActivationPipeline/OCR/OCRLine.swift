/// One text line as the engine segmented it.
public struct OCRLine: Sendable, Hashable {
    public var words: [OCRWord]
    public var box: PixelRect

    public init(words: [OCRWord], box: PixelRect) {
        self.words = words
        self.box = box
    }

    /// The words joined by single spaces.
    public var text: String { words.map(\.text).joined(separator: " ") }
}
