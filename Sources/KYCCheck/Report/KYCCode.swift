public import ActivationPipeline

/// A stable, machine-readable reason of the KYC pre-validation (`FILE_TOO_LARGE`, `BLURRY`, …).
///
/// Codes are strings that never change meaning and are never renamed; new ones may be added.
/// They are what `KYCPreValidation.fail(reasons:)` carries to the enrollment machine. Pure value.
public typealias KYCCode = StableCode<KYCIssue>

extension StableCode<KYCIssue> {
    // MARK: Errors on one file

    /// No file was given for the role.
    public static var fileMissing: Self { "FILE_MISSING" }
    /// The file has no bytes.
    public static var fileEmpty: Self { "FILE_EMPTY" }
    /// The file is at or over the size limit (Finaptic: under 4 MB). Fixable.
    public static var fileTooLarge: Self { "FILE_TOO_LARGE" }
    /// The content is not JPEG or PNG. HEIC/HEIF and WebP are fixable; the rest are not.
    public static var unsupportedFormat: Self { "UNSUPPORTED_FORMAT" }
    /// The image does not decode fully (cut short, damaged).
    public static var corruptImage: Self { "CORRUPT_IMAGE" }
    /// The image declares more pixels than allowed: over the decode budget (never fixable,
    /// refused before allocating) or over the side limit (fixable by downscaling).
    public static var imageTooLarge: Self { "IMAGE_TOO_LARGE" }
    /// The image is below the minimum dimensions for its role.
    public static var imageTooSmall: Self { "IMAGE_TOO_SMALL" }
    /// The document is out of focus (sharpness score under the threshold); on a selfie, the
    /// face is.
    public static var blurry: Self { "BLURRY" }
    /// The document has a reflection: saturated blobs ringed by a halo (glare score under the
    /// threshold); white paper and margins are not glare.
    public static var glare: Self { "GLARE" }
    /// The document is underexposed; on a selfie, the face (or, when no face is found, the
    /// whole picture) is.
    public static var tooDark: Self { "TOO_DARK" }
    /// The document is overexposed; on a selfie, the face (or the whole picture) is.
    public static var tooBright: Self { "TOO_BRIGHT" }
    /// The document runs into the picture's edge: part of it may be outside the picture.
    public static var documentCutOff: Self { "DOCUMENT_CUT_OFF" }
    /// The document covers too little of the picture: it was photographed from too far.
    public static var documentTooFar: Self { "DOCUMENT_TOO_FAR" }
    /// The document was photographed at a steep angle: its corners are far from square.
    public static var documentTilted: Self { "DOCUMENT_TILTED" }
    /// Part of the document is hidden under something: a solid black or white box pasted or
    /// drawn over it (`KYCPixels.document()`'s solid patch), or a mosaic (its mosaic cells).
    public static var documentCovered: Self { "DOCUMENT_COVERED" }
    /// The selfie shows no face.
    public static var noFace: Self { "NO_FACE" }
    /// The selfie shows more than one face.
    public static var multipleFaces: Self { "MULTIPLE_FACES" }
    /// The selfie's face is too small: the person is too far from the camera (the face's box is
    /// narrower than `KYCRules.faceMinShareOfLongSide` of the picture's long side). Also said
    /// instead of `NO_FACE` when the one face is too small for the counted search and only the
    /// search for small faces (`FaceDetector.smallFaces(in:…)`) finds it.
    public static var faceTooSmall: Self { "FACE_TOO_SMALL" }
    /// The selfie's face is cut by the picture's edge: part of the face is outside the picture
    /// (by the left or right edge, found when the edge is mirrored, `FaceDetector.sideCutFaces(in:…)`;
    /// by any edge, a face the face network finds reaching it, `KYCRules.obscuredFaceIssue`).
    public static var faceCutOff: Self { "FACE_CUT_OFF" }
    /// A face is in the selfie but its features are hidden or turned away (a mask, a hat, a
    /// hand, a head turned or bowed), found two ways: the cascades find no face of any size and
    /// the face network (`FaceNetwork`) finds one of the size a selfie needs (said instead of
    /// `NO_FACE`), or the one face they find has neither a nose nor a mouth that shows skin, or
    /// no eye behind a dark band (`FaceCover`: a mask they still count as a face, sunglasses).
    public static var faceObscured: Self { "FACE_OBSCURED" }
    /// The selfie is a picture of a screen or of a print: the face lies inside a four-sided
    /// frame (a screen's bezel, a print's edge) that covers part of the picture.
    public static var screenRecapture: Self { "SCREEN_RECAPTURE" }
    /// The face detector failed on the image (not a verdict on the image itself).
    public static var faceDetectionFailed: Self { "FACE_DETECTION_FAILED" }

    // MARK: Errors on the application (and a selfie repeating a document)

    /// Two of the images are the same picture (identical bytes or near-identical pixels).
    public static var duplicateImage: Self { "DUPLICATE_IMAGE" }
    /// `documentCountry` is not an ISO 3166-1 alpha-2 code.
    public static var invalidCountry: Self { "INVALID_COUNTRY" }
    /// The document is a driver's licence and `documentState` is missing.
    public static var documentStateRequired: Self { "DOCUMENT_STATE_REQUIRED" }
    /// `documentType` is not shaped like Finaptic's codes (`DOCUMENT_TYPE_…`).
    public static var invalidDocumentType: Self { "INVALID_DOCUMENT_TYPE" }

    // MARK: Warnings

    /// The file name's extension names another format than the content (`.jpg` holding PNG).
    public static var extensionMismatch: Self { "EXTENSION_MISMATCH" }
    /// The file carries GPS coordinates in its EXIF metadata.
    public static var locationMetadata: Self { "LOCATION_METADATA" }
    /// Fixing was asked for and allowed, but could not bring the file within the limits.
    public static var fixFailed: Self { "FIX_FAILED" }
}
