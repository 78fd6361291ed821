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
    /// A document's long side must be at least this many pixels. 480 (`normal`): the real
    /// specimen cards of 600–984 px a reviewer reads are accepted, 300×190 px is refused.
    public var documentMinLongSide = 480
    /// A document's short side must be at least this many pixels.
    public var documentMinShortSide = 300
    /// A selfie's short side must be at least this many pixels.
    public var selfieMinShortSide = 480
    /// Documents scoring below these (0–100) fail as `BLURRY`, `GLARE`, `TOO_DARK`/`TOO_BRIGHT`.
    /// Acuant's default threshold for sharpness and glare is 50. Sharpness is held from where
    /// blur costs print (`scripts/kyc-blur-legibility.py`): the drawn front at the working
    /// width, blurred by σ px and read by Tesseract, keeps 99.8 % of its characters down to
    /// σ 1.25 (score 35) and 89 % at σ 1.5 (25); the back 99 % down to σ 1.75 (19). `normal`'s
    /// 45 stays ten points above the front's fall; at 50 the real soft but legible cards 722
    /// (46) and 930 (48) were refused. A narrower picture, measured in its own pixels, loses
    /// print to Tesseract sooner (at 600 px the front keeps 76 % at σ 1, score 53), but a
    /// reviewer reads such small print better: the 66 real good documents 600–700 px wide
    /// score 57–100 but one (410, 39). A selfie is not failed on the frame's sharpness or
    /// glare (a face has few edges, a white collar is not glare): its face is judged instead,
    /// with the `face…` thresholds below.
    public var sharpnessThreshold = 45
    public var glareThreshold = 50
    public var exposureThreshold = 50
    /// A document whose outline stands out from a plain surround must cover at least this
    /// share of the picture (`DOCUMENT_TOO_FAR`): a card in the middle of a table at 15 % is
    /// too far, a card at 20 % (0.45 of each side) is not.
    public var documentMinShare = 0.19
    /// Such a document's corners may differ from a right angle by at most this many degrees
    /// (`DOCUMENT_TILTED`).
    public var documentMaxCornerDeviation = 20.0
    /// Such a document's corners must be at least this share of the short side from the
    /// picture's edge (`DOCUMENT_CUT_OFF`): 0.005 is 2 px at 400.
    public var documentMinMargin = 0.005
    /// A document's print may cross at most this share of any of the picture's edges
    /// (`DOCUMENT_CUT_OFF`, `BorderCrossings`): real specimens scanned or photographed whole
    /// measure 0–0.05, documents cut by the frame 0.15–0.55.
    public var documentMaxEdgeCrossing = 0.10
    /// A document may have at most this share of the picture under one solid black or white
    /// patch (`DOCUMENT_COVERED`, `KYCPixels.document()`'s solid patch, which counts patches from
    /// 0.005): every real specimen measures 0, a box pasted over a licence's fingerprint 0.033,
    /// a white box over a licence's portrait 0.013.
    public var documentMaxCoveredShare = 0.004
    /// A document may show at most this many blocks of a mosaic (`DOCUMENT_COVERED`,
    /// `KYCPixels.document()`'s mosaic cells): every real document but one measures 0, the card
    /// pixelated over its number and name 9; a 2×2 mosaic's blocks are 4.
    public var documentMaxMosaicCells = 3
    /// Two images whose difference hashes differ in at most this many of 64 bits are the same
    /// picture (`DUPLICATE_IMAGE`).
    public var duplicateMaxDistance = 5
    /// The OpenCV cascade that proposes faces (Debian's `opencv-data`).
    public var faceCascadePath = "/usr/share/opencv4/haarcascades/haarcascade_frontalface_default.xml"
    /// A second cascade that must also find a face around each proposal; nil trusts the first
    /// alone (and counts more false faces).
    public var faceConfirmationCascadePath: String? = "/usr/share/opencv4/haarcascades/haarcascade_frontalface_alt2.xml"
    /// The cascade that looks for eyes in a found face's upper part (`FaceDetector.eyes`); nil
    /// leaves the eyes' score to the lightness of their band alone.
    public var eyeCascadePath: String? = "/usr/share/opencv4/haarcascades/haarcascade_eye.xml"
    /// The face network (CenterFace, `FaceNetwork`) that tells a face the cascades cannot see
    /// (under a mask, a hat or a hand, turned away) from none (`FACE_OBSCURED` rather than
    /// `NO_FACE`); installed beside the reader's networks by `scripts/install-deep-ocr.sh`, in
    /// their folder (`ACTIVATION_DEEP_OCR`; `off` turns it off too). Nil, or a file missing,
    /// leaves every such selfie `NO_FACE`.
    public var faceNetworkPath: String? = DeepOCR.folder + "/centerface.onnx"
    /// The network's score from which it has found a face. Of the 25 real selfies (of the first
    /// 255 images) without a face the cascades count, the masked, hatted and turned-away faces
    /// score 0.60–0.89 (on its 320 px gray copy), the pictures with no face at all 0.33 or nothing.
    public var faceNetworkMinScore = 0.5
    /// The cascade's confirmation count: higher finds fewer false faces and misses more.
    public var faceMinNeighbors = 5
    /// The smallest face counted, as a share of the selfie's short side.
    public var faceMinSizeFraction = 0.1
    /// A face narrower than this share of the largest face found is not counted (a poster or
    /// a false face in the background, not a second person at the camera).
    public var faceMinShareOfLargest = 0.5
    /// The face's sharpness score (Laplacian variance on the face's box at 128 px) under which
    /// a selfie is `BLURRY`. Good real selfies score 85–97, blurred ones 5–15.
    public var faceSharpnessThreshold = 50
    /// A selfie whose one face looks sharp fails as `BLURRY` all the same when the picture's
    /// edges, measured in its own pixels as a document's are (`KYCPixels.sharpness()`, scored by
    /// `KYCScores.edgeScore`), score under this: an enlarged small photo or a shaken one, whose
    /// face measured at 128 px hides the blur. Real good selfies score 18–100 (all but one 40 or
    /// more), the drawn samples 100; the real blurred ones 0 (two of them held out, 717 and 718,
    /// passed with their faces at 56 and 70).
    public var selfieMinEdgeSharpness = 10
    /// The face's uncovered score (`FaceCover.uncovered`: 100 less 10 for each unit by which
    /// both its nose and its mouth are less red than the skin around its eyes) under which a
    /// selfie whose face was found is `FACE_OBSCURED`: a mask the cascades still count as a
    /// face. 50 is a drop of 5: 74 % of such masked faces and 0.2 % of unmasked ones in a
    /// held-out sample of the Face-Mask-Detection dataset (`FaceCover`); every real good selfie
    /// scores 95 or more.
    public var faceUncoveredThreshold = 50
    /// The eyes' uncovered score (`FaceCover.eyesUncovered`: 100 when the eye cascade finds an
    /// eye, else the 75th percentile of L\* across the eyes as a percentage of the cheeks'
    /// median) under which a selfie whose face was found is `FACE_OBSCURED`: sunglasses. See
    /// `FaceCover` for what it catches and what it passes.
    public var eyesUncoveredThreshold = 55
    /// The face's exposure score (its mean luminance) under which a selfie is `TOO_DARK` or
    /// `TOO_BRIGHT`; without a face, the frame's exposure is held against it instead.
    public var faceExposureThreshold = 50
    /// The face box's width must be at least this share of the selfie's long side
    /// (`FACE_TOO_SMALL`). Not of the short side: a head-and-shoulders square portrait has its
    /// face at 0.19 of either side, a person on a stage in a landscape frame at 0.23 of the
    /// short side but 0.15 of the long one; the long side tells them apart.
    public var faceMinShareOfLongSide = 0.17
    /// Whether a selfie whose face stands inside a screen's or a print's straight frame is
    /// refused (`SCREEN_RECAPTURE`). At `normal` and `strict`: of the 22 real good selfies none
    /// has such a frame around its face at all (the confirmed face box lies inside no
    /// four-sided outline with edge support), the real tablet photo's measures 0.59 (the gate
    /// is 0.55). Off at `relaxed`, for backdrops with long straight lines around the head.
    public var checksScreenRecapture = true
    /// The JPEG qualities the fixer may choose from. It downscales before going below the
    /// lowest.
    public var fixQualities = 70...95

    public init() {}

    /// The rules of a strictness level: `normal` is `init()`. Every threshold that differs:
    ///
    /// | | relaxed | normal | strict |
    /// | --- | --- | --- | --- |
    /// | document min long × short side, px | 400 × 250 | 480 × 300 | 1000 × 600 |
    /// | sharpness (documents) | 35 | 45 | 65 |
    /// | glare, exposure (documents) | 35 | 50 | 65 |
    /// | face sharpness, face exposure (selfies) | 35 | 50 | 65 |
    /// | face width, share of the long side | 0.12 | 0.17 | 0.20 |
    /// | selfie edge sharpness (a face found) | 5 | 10 | 12 |
    /// | face uncovered score (a face found) | 40 | 50 | 60 |
    /// | eyes uncovered score (a face found) | 45 | 55 | 65 |
    /// | document share of the picture (outline found) | 0.12 | 0.19 | 0.25 |
    /// | document corner off square, degrees | 30 | 20 | 15 |
    /// | document print across an edge, share of its length | 0.12 | 0.10 | 0.08 |
    /// | `SCREEN_RECAPTURE` checked | no | yes | yes |
    public init(strictness: KYCStrictness) {
        apply(strictness)
    }

    /// Sets every threshold of the table above to `strictness`'s; the rest (file limits, face
    /// cascades, duplicate distance) stays.
    public mutating func apply(_ strictness: KYCStrictness) {
        switch strictness {
        case .relaxed:
            (documentMinLongSide, documentMinShortSide) = (400, 250)
            (sharpnessThreshold, glareThreshold, exposureThreshold) = (35, 35, 35)
            (faceSharpnessThreshold, faceExposureThreshold, faceMinShareOfLongSide) = (35, 35, 0.12)
            (selfieMinEdgeSharpness, faceUncoveredThreshold, eyesUncoveredThreshold) = (5, 40, 45)
            (documentMinShare, documentMaxCornerDeviation, documentMaxEdgeCrossing) = (0.12, 30, 0.12)
            checksScreenRecapture = false
        case .normal:
            (documentMinLongSide, documentMinShortSide) = (480, 300)
            (sharpnessThreshold, glareThreshold, exposureThreshold) = (45, 50, 50)
            (faceSharpnessThreshold, faceExposureThreshold, faceMinShareOfLongSide) = (50, 50, 0.17)
            (selfieMinEdgeSharpness, faceUncoveredThreshold, eyesUncoveredThreshold) = (10, 50, 55)
            (documentMinShare, documentMaxCornerDeviation, documentMaxEdgeCrossing) = (0.19, 20, 0.10)
            checksScreenRecapture = true
        case .strict:
            (documentMinLongSide, documentMinShortSide) = (1000, 600)
            (sharpnessThreshold, glareThreshold, exposureThreshold) = (65, 65, 65)
            (faceSharpnessThreshold, faceExposureThreshold, faceMinShareOfLongSide) = (65, 65, 0.20)
            (selfieMinEdgeSharpness, faceUncoveredThreshold, eyesUncoveredThreshold) = (12, 60, 65)
            (documentMinShare, documentMaxCornerDeviation, documentMaxEdgeCrossing) = (0.25, 15, 0.08)
            checksScreenRecapture = true
        }
    }

    /// The smallest long and short side allowed for `role`.
    public func minimumSides(for role: KYCRole) -> (long: Int, short: Int) {
        role.isDocument ? (documentMinLongSide, documentMinShortSide) : (selfieMinShortSide, selfieMinShortSide)
    }
}
