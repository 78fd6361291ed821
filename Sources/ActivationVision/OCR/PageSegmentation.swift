/// Tesseract's page segmentation modes that the pipeline uses (values are Tesseract's).
public enum PageSegmentation: Int32, Sendable {
    /// Fully automatic layout analysis.
    case auto = 3
    /// One uniform block of text.
    case block = 6
    /// One text line.
    case line = 7
    /// As much text as possible, in no particular order.
    case sparse = 11
}
