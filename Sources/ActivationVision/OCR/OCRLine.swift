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

    /// The same line with every box (its own, its words', their glyphs') passed through `move`.
    public func movingBoxes(_ move: (PixelRect) -> PixelRect) -> OCRLine {
        OCRLine(words: words.map { word in
            var w = word
            w.box = move(word.box)
            w.symbols = word.symbols.map { symbol in
                var s = symbol
                s.box = move(symbol.box)
                return s
            }
            return w
        }, box: move(box))
    }
}
