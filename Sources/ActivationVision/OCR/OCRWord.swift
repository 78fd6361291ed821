/// One word the engine read: its text, box (in the recognised image's pixels) and glyphs.
public struct OCRWord: Sendable, Hashable {
    public var text: String
    public var confidence: Double
    public var box: PixelRect
    public var symbols: [OCRSymbol]

    public init(text: String, confidence: Double, box: PixelRect, symbols: [OCRSymbol] = []) {
        self.text = text
        self.confidence = confidence
        self.box = box
        self.symbols = symbols
    }
}
