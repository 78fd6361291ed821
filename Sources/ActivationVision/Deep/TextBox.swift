/// A line of text read as a whole, with where it stands: what a text detector and recogniser give.
public struct TextBox: Sendable, Hashable {
    /// The line's text.
    public var text: String
    /// The corners, top-left, top-right, bottom-right, bottom-left, as (x, y) pixel pairs.
    public var corners: [Double]
    /// Each character's confidence, 0…1, when the recogniser gives them (else empty).
    public var confidences: [Double]

    public init(text: String, corners: [Double], confidences: [Double] = []) {
        self.text = text
        self.corners = corners
        self.confidences = confidences
    }

    /// The axis-aligned rectangle around the corners.
    public var bounds: PixelRect {
        let xs = stride(from: 0, to: corners.count, by: 2).map { corners[$0] }
        let ys = stride(from: 1, to: corners.count, by: 2).map { corners[$0] }
        let x0 = Int((xs.min() ?? 0).rounded(.down)), y0 = Int((ys.min() ?? 0).rounded(.down))
        return PixelRect(x: x0, y: y0, width: Int((xs.max() ?? 0).rounded(.up)) - x0,
                         height: Int((ys.max() ?? 0).rounded(.up)) - y0)
    }
}
