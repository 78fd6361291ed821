/// Where the document lies in the picture, when its outline stands out from a plain surround:
/// how much of the picture it covers, how far its corners are from right angles (a steep
/// tilt), and how near it comes to the picture's edge. Pure value; `KYCPixels.document()` finds it.
struct DocumentOutline: Sendable, Hashable {
    /// The outline's area as a share of the picture's (0…1).
    var share: Double
    /// The largest difference, in degrees, between one of its corners and a right angle.
    var cornerDeviation: Double
    /// The smallest distance from a corner to the picture's edge, as a share of the short side.
    var margin: Double
}
