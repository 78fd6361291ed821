public import ActivationVision

/// The limits of the KYC pre-validation, with Finaptic's and the vendors' defaults.
///
/// Change a property to tighten or relax a rule; the checks read nothing else. Pure value.
public struct KYCRules: Sendable, Hashable {
    /// Every file must be smaller than this many bytes (Finaptic: "file size <4MB").
    /// 3,999,999 passes; 4,000,000 is `FILE_TOO_LARGE`.
    public var maxFileBytes = 4_000_000
    /// No side may exceed this many pixels (`IMAGE_TOO_LARGE`; fixable by downscaling).
    public var maxSide = 8000
    /// What the decoder accepts at all, checked on the header before any pixel is allocated.
    /// Larger is `IMAGE_TOO_LARGE` and never fixed. Admits a 48 MP iPhone photo (8064×6048).
    public var decodeBudget = PixelBudget(maxPixels: 50_000_000, maxSide: 16_000)
    /// A document's long side must be at least this many pixels.
    public var documentMinLongSide = 1000
    /// A document's short side must be at least this many pixels.
    public var documentMinShortSide = 600
    /// A selfie's short side must be at least this many pixels.
    public var selfieMinShortSide = 480
    /// Documents scoring below these (0–100) fail as `BLURRY`, `GLARE`, `TOO_DARK`/`TOO_BRIGHT`.
    /// Acuant's default threshold for sharpness and glare is 50 too. Selfies are scored but not
    /// failed on them: a face has few edges, and a white collar is not glare; a selfie too
    /// dark or blurred to show a face fails as `NO_FACE`.
    public var sharpnessThreshold = 50
    public var glareThreshold = 50
    public var exposureThreshold = 50
    /// Two images whose difference hashes differ in at most this many of 64 bits are the same
    /// picture (`DUPLICATE_IMAGE`).
    public var duplicateMaxDistance = 5
    /// The OpenCV cascade that proposes faces (Debian's `opencv-data`).
    public var faceCascadePath = "/usr/share/opencv4/haarcascades/haarcascade_frontalface_default.xml"
    /// A second cascade that must also find a face around each proposal; nil trusts the first
    /// alone (and counts more false faces).
    public var faceConfirmationCascadePath: String? = "/usr/share/opencv4/haarcascades/haarcascade_frontalface_alt2.xml"
    /// The cascade's confirmation count: higher finds fewer false faces and misses more.
    public var faceMinNeighbors = 5
    /// The smallest face counted, as a share of the selfie's short side.
    public var faceMinSizeFraction = 0.1
    /// The JPEG qualities the fixer may choose from. It downscales before going below the
    /// lowest.
    public var fixQualities = 70...95

    public init() {}

    /// The smallest long and short side allowed for `role`.
    public func minimumSides(for role: KYCRole) -> (long: Int, short: Int) {
        role.isDocument ? (documentMinLongSide, documentMinShortSide) : (selfieMinShortSide, selfieMinShortSide)
    }
}
