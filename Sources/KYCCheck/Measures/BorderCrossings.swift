/// How much of a picture's content runs across each of its four edges: the share of each
/// edge's length that print, a photo or a pattern crosses (`KYCPixels.document()`).
/// A document photographed or scanned whole ends inside the picture, in its own margin or on
/// a plain surround, and crosses no edge; one cut by the frame crosses the edge it runs past.
/// Pure value.
struct BorderCrossings: Sendable, Hashable {
    /// One of the picture's edges.
    enum Edge: String, Sendable, CaseIterable {
        case left, right, top, bottom
    }

    /// The share (0…1) of each edge's length crossed by content.
    var shares: [Edge: Double]

    /// No edge crossed: a picture of a whole document cut out along its outline.
    static let none = BorderCrossings(shares: Dictionary(uniqueKeysWithValues: Edge.allCases.map { ($0, 0.0) }))

    /// The edge crossed the most, with its share; nil when no edge was measured.
    var largest: (edge: Edge, share: Double)? {
        Edge.allCases.compactMap { edge in shares[edge].map { (edge, $0) } }.max { $0.1 < $1.1 }
    }
}
