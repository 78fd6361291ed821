/// A document picture's pixel measures, taken in one pass (`KYCPixels.document()`); each nil
/// when its measurement failed. Pure value.
struct DocumentMeasures: Sendable, Hashable {
    /// The share (0…1) covered by specular reflections.
    var specularShare: Double?
    /// How sharp its edges are in the picture's own pixels (`KYCPixels.sharpness()`).
    var sharpness: Double?
    /// The document's outline, when it lies on something plain.
    var outline: DocumentOutline?
    /// How much content crosses each of the picture's edges.
    var crossings: BorderCrossings?
    /// The share (0…1) under the largest solid black or white patch.
    var solidPatchShare: Double?
    /// How many blocks of a mosaic (a pixelated part) it shows.
    var mosaicCells: Int?
}
