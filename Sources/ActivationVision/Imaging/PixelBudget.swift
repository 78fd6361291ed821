public import ActivationPipeline

/// The largest image the loaders will decode, checked against the header before any pixel
/// is allocated.
public struct PixelBudget: Sendable, Hashable {
    /// The most pixels (width × height) allowed.
    public var maxPixels: Int
    /// The longest side allowed.
    public var maxSide: Int

    public init(maxPixels: Int = 50_000_000, maxSide: Int = 30_000) {
        self.maxPixels = maxPixels
        self.maxSide = maxSide
    }

    /// Throws unless `width`×`height` is a non-empty size within the budget.
    public func check(width: Int, height: Int, format: ImageFormat) throws(ImageLoadError) {
        guard width > 0, height > 0 else { throw .zeroSize(format) }
        guard width <= maxSide, height <= maxSide, width.multipliedReportingOverflow(by: height).partialValue <= maxPixels
        else { throw .tooLarge(format, width: width, height: height) }
    }
}
