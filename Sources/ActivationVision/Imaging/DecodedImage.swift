public import ActivationPipeline

/// An image decoded from bytes, upright, with what the file said about itself.
public struct DecodedImage {
    /// The pixels, upright (EXIF orientation applied), 8-bit gray or 32-bit RGB.
    public let image: Image
    /// The container format, judged by content.
    public let format: ImageFormat
    /// The EXIF facts the file carried.
    public let exif: EXIFMetadata
    /// The size as stored, before orientation.
    public let storedWidth: Int
    public let storedHeight: Int
    /// Whether all four corner pixels of the stored image were fully transparent before alpha was
    /// flattened over white: a picture cut out along its subject's outline, such as a card's
    /// rounded corners (a specimen published as a PNG of the card alone).
    public var transparentCorners = false
}
