/// A stable, machine-readable reason of the KYC pre-validation (`FILE_TOO_LARGE`, `BLURRY`, …).
///
/// Codes are strings that never change meaning and are never renamed; new ones may be added.
/// They are what `KYCPreValidation.fail(reasons:)` carries to the enrollment machine. Pure value.
public struct KYCCode: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    // MARK: Errors on one file

    /// No file was given for the role.
    public static let fileMissing = KYCCode(rawValue: "FILE_MISSING")
    /// The file has no bytes.
    public static let fileEmpty = KYCCode(rawValue: "FILE_EMPTY")
    /// The file is at or over the size limit (Finaptic: under 4 MB). Fixable.
    public static let fileTooLarge = KYCCode(rawValue: "FILE_TOO_LARGE")
    /// The content is not JPEG or PNG. HEIC/HEIF and WebP are fixable; the rest are not.
    public static let unsupportedFormat = KYCCode(rawValue: "UNSUPPORTED_FORMAT")
    /// The image does not decode fully (cut short, damaged).
    public static let corruptImage = KYCCode(rawValue: "CORRUPT_IMAGE")
    /// The image declares more pixels than allowed: over the decode budget (never fixable,
    /// refused before allocating) or over the side limit (fixable by downscaling).
    public static let imageTooLarge = KYCCode(rawValue: "IMAGE_TOO_LARGE")
    /// The image is below the minimum dimensions for its role.
    public static let imageTooSmall = KYCCode(rawValue: "IMAGE_TOO_SMALL")
    /// The document is out of focus (sharpness score under the threshold).
    public static let blurry = KYCCode(rawValue: "BLURRY")
    /// The document has a washed-out bright patch (glare score under the threshold).
    public static let glare = KYCCode(rawValue: "GLARE")
    /// The document is underexposed.
    public static let tooDark = KYCCode(rawValue: "TOO_DARK")
    /// The document is overexposed.
    public static let tooBright = KYCCode(rawValue: "TOO_BRIGHT")
    /// The selfie shows no face.
    public static let noFace = KYCCode(rawValue: "NO_FACE")
    /// The selfie shows more than one face.
    public static let multipleFaces = KYCCode(rawValue: "MULTIPLE_FACES")
    /// The face detector failed on the image (not a verdict on the image itself).
    public static let faceDetectionFailed = KYCCode(rawValue: "FACE_DETECTION_FAILED")

    // MARK: Errors on the application (and a selfie repeating a document)

    /// Two of the images are the same picture (identical bytes or near-identical pixels).
    public static let duplicateImage = KYCCode(rawValue: "DUPLICATE_IMAGE")
    /// `documentCountry` is not an ISO 3166-1 alpha-2 code.
    public static let invalidCountry = KYCCode(rawValue: "INVALID_COUNTRY")
    /// The document is a driver's licence and `documentState` is missing.
    public static let documentStateRequired = KYCCode(rawValue: "DOCUMENT_STATE_REQUIRED")
    /// `documentType` is not shaped like Finaptic's codes (`DOCUMENT_TYPE_…`).
    public static let invalidDocumentType = KYCCode(rawValue: "INVALID_DOCUMENT_TYPE")

    // MARK: Warnings

    /// The file name's extension names another format than the content (`.jpg` holding PNG).
    public static let extensionMismatch = KYCCode(rawValue: "EXTENSION_MISMATCH")
    /// The file carries GPS coordinates in its EXIF metadata.
    public static let locationMetadata = KYCCode(rawValue: "LOCATION_METADATA")
    /// Fixing was asked for and allowed, but could not bring the file within the limits.
    public static let fixFailed = KYCCode(rawValue: "FIX_FAILED")
}
