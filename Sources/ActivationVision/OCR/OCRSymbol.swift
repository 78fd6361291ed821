/// One glyph the engine read, with its own alternatives for that glyph.
public struct OCRSymbol: Sendable, Hashable {
    public var text: String
    public var confidence: Double
    public var box: PixelRect
    /// The engine's other candidates for this glyph (its choice iterator), best first,
    /// excluding `text`. Empty unless choices were asked for.
    public var alternatives: [(text: String, confidence: Double)]

    public init(text: String, confidence: Double, box: PixelRect, alternatives: [(text: String, confidence: Double)] = []) {
        self.text = text
        self.confidence = confidence
        self.box = box
        self.alternatives = alternatives
    }

    public static func == (a: OCRSymbol, b: OCRSymbol) -> Bool {
        a.text == b.text && a.confidence == b.confidence && a.box == b.box
            && a.alternatives.map(\.text) == b.alternatives.map(\.text)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(box)
    }
}
