/// What is known about the submitted image file, for the risk rules: its format, size and EXIF
/// hints. The IMEI reader fills it from its one decode of the file.
public struct ImageFacts: Sendable, Hashable, Codable {
    /// Width in pixels, after EXIF orientation.
    public var pixelWidth: Int
    /// Height in pixels, after EXIF orientation.
    public var pixelHeight: Int
    /// EXIF `Software`: the program that last wrote the file, if recorded.
    public var software: String?
    /// EXIF `Make`: the camera maker, if recorded.
    public var make: String?
    /// EXIF `Model`: the camera model, if recorded.
    public var model: String?
    /// Whether EXIF holds exposure settings (`ExposureTime`, `FNumber`, `ISOSpeedRatings`),
    /// which only cameras write.
    public var hasCameraSettings: Bool
    /// The container format, judged by content; nil when not known.
    public var format: ImageFormat?

    public init(
        pixelWidth: Int, pixelHeight: Int, software: String? = nil, make: String? = nil, model: String? = nil,
        hasCameraSettings: Bool = false, format: ImageFormat? = nil
    ) {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.software = software
        self.make = make
        self.model = model
        self.hasCameraSettings = hasCameraSettings
        self.format = format
    }
}
