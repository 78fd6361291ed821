/// One iPhone model: its machine identifiers, marketing name and native screenshot size.
public struct IPhoneModel: Sendable, Hashable, Codable {
    /// A width × height in pixels, portrait (width ≤ height).
    public struct PixelSize: Sendable, Hashable, Codable, CustomStringConvertible {
        /// Pixels across, the shorter side.
        public var width: Int
        /// Pixels down, the longer side.
        public var height: Int

        public init(_ width: Int, _ height: Int) {
            self.width = width
            self.height = height
        }

        /// Whether an image of `width` × `height`, in either orientation, has this size.
        public func matches(width: Int, height: Int) -> Bool {
            (width == self.width && height == self.height) || (width == self.height && height == self.width)
        }

        public var description: String { "\(width)×\(height)" }
    }

    /// The `utsname.machine` identifiers (`iPhone15,2`); several for models sold in variants.
    public var identifiers: [String]
    /// The marketing name (`iPhone 14 Pro`).
    public var name: String
    /// The pixel sizes a screenshot taken on the device has, first the native one.
    ///
    /// The mini models render at 1125×2436 and scale down to a 1080×2340 panel; both sizes are
    /// listed, since screenshots have been seen at either.
    public var screenshotSizes: [PixelSize]

    public init(identifiers: [String], name: String, screenshotSizes: [PixelSize]) {
        self.identifiers = identifiers
        self.name = name
        self.screenshotSizes = screenshotSizes
    }

    /// Whether a screenshot of `width` × `height` could have been taken on this model.
    public func acceptsScreenshot(width: Int, height: Int) -> Bool {
        screenshotSizes.contains { $0.matches(width: width, height: height) }
    }
}
