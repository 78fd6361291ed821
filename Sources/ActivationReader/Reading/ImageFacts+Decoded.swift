import ActivationPipeline
import ActivationVision

extension ImageFacts {
    /// The facts of a decoded file: its format, its size after EXIF orientation (libheif
    /// reports HEIC sizes upright already), and the EXIF tags the risk rules read.
    init(_ decoded: DecodedImage) {
        let quarterTurn = (5...8).contains(decoded.exif.orientation)
        self.init(
            pixelWidth: quarterTurn ? decoded.storedHeight : decoded.storedWidth,
            pixelHeight: quarterTurn ? decoded.storedWidth : decoded.storedHeight,
            software: decoded.exif.software, make: decoded.exif.make, model: decoded.exif.model,
            hasCameraSettings: decoded.exif.hasCameraSettings, format: decoded.format)
    }
}
