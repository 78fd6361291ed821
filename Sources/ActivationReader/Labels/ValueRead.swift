import ActivationPipeline
public import ActivationVision

/// A digit string read from a value crop, glyph by glyph, with the engine's alternatives.
/// Pure logic.
public struct ValueRead: Sendable, Hashable {
    /// The main digits, before any `/` (software version).
    public var digits: [OCRSymbol]
    /// The digits after a `/`, when 1–2 of them follow (`352…481/01`).
    public var softwareVersion: String?

    /// The digits as a string.
    public var value: String { digits.map(\.text).joined() }

    /// Parses the glyphs of a crop re-read (whitelisted to digits, space and `/`).
    public init(lines: [OCRLine]) {
        let symbols = lines.flatMap { $0.words.flatMap(\.symbols) }
        var main: [OCRSymbol] = []
        var version = ""
        var afterSlash = false
        for s in symbols {
            if s.text == "/" {
                if afterSlash { break }
                afterSlash = true
            } else if s.text.count == 1, s.text.first?.isASCIIDigit == true {
                if afterSlash { version += s.text } else { main.append(s) }
            }
        }
        digits = main
        softwareVersion = (1...2).contains(version.count) ? version : nil
    }

    /// The lowest glyph confidence, 0 when empty.
    public var minConfidence: Double { digits.map(\.confidence).min() ?? 0 }

    /// The union of the digits' boxes (crop pixels).
    public var box: PixelRect? {
        guard let first = digits.first else { return nil }
        return digits.dropFirst().reduce(first.box) { $0.union($1.box) }
    }

    /// Whether this read is a whole, Luhn-valid IMEI.
    public var isValidIMEI: Bool { IMEI.isValid(value) }

    /// The Luhn-valid IMEIs reachable by replacing ONE glyph with a digit the engine itself
    /// proposed for it, where that alternative scored at least `margin` of the chosen glyph.
    /// An honest correction exists only when exactly one such value exists.
    public func corrections(margin: Double = 0.5) -> [String] {
        guard digits.count == 15, !isValidIMEI else { return [] }
        var out: Set<String> = []
        for (i, glyph) in digits.enumerated() {
            for alt in glyph.alternatives where alt.text.count == 1 && alt.text.first?.isASCIIDigit == true {
                guard alt.confidence >= glyph.confidence * margin else { continue }
                var chars = digits.map(\.text)
                chars[i] = alt.text
                let candidate = chars.joined()
                if IMEI.isValid(candidate) { out.insert(candidate) }
            }
        }
        return out.sorted()
    }
}
