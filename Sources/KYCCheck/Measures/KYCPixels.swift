import ActivationVision
internal import CKYCVision

/// The KYC checks' pixel measurements, through the `CKYCVision` shim, on one gray copy of a
/// picture 1000 pixels wide: a document's measures (``document()``: glare as specular
/// reflection, the sharpness of its edges, its outline, edge crossings, a solid patch over it),
/// and the outline of a screen or print around a face. The one place that calls `CKYCVision`.
/// Only the sharpness of a picture narrower than the copy is measured on the picture itself,
/// and the edge crossings also read a small colour copy of a colour picture.
///
/// Holds its copy (and a narrower picture); each measurement blocks for a few milliseconds on
/// the caller's thread.
struct KYCPixels {
    /// The width the picture is measured at.
    static let workingWidth = 1000
    /// The share of the picture in reflections that scores 50.
    static let glareAtFifty = 0.03

    /// The gray copy, 1000 pixels wide, and its packed pixels: the picture's other measurements
    /// (``ActivationVision/Image/qualityMeasurements(gray:bytes:)``, its difference hash) are
    /// taken on it too, so that the picture is converted and shrunk once.
    let copy: Image
    let bytes: [UInt8]
    private let width: Int32
    private let height: Int32
    /// The copy's pixels per pixel of the picture.
    private let scale: Double
    /// The picture itself when it is narrower than the copy: its sharpness is measured in its
    /// own pixels, as an enlarged copy would look blurred.
    private let narrower: Image?

    /// The gray copy of `image`; nil when it cannot be made.
    init?(_ image: Image) {
        guard let gray = image.grayCopy(width: Self.workingWidth), let bytes = gray.packedBytes(),
              bytes.count == gray.width * gray.height, gray.width >= 16, gray.height >= 16
        else { return nil }
        copy = gray
        self.bytes = bytes
        width = Int32(gray.width)
        height = Int32(gray.height)
        scale = Double(gray.width) / Double(max(1, image.width))
        narrower = image.width < Self.workingWidth ? image : nil
    }

    /// The glare score, 0–100 (100 is no reflection): 50 at `glareAtFifty`.
    static func glareScore(_ share: Double) -> Int {
        Int((100 * glareAtFifty / (glareAtFifty + max(0, share))).rounded())
    }

    /// Every measure of a document picture in one pass (`CKYCVision_document`), each shared copy
    /// made once; nil when the picture is too small for them.
    /// - specular reflections: saturated blobs, clipped, ringed by a halo, not white paper, a
    ///   high-key scan's near-white print (not clipped) nor a white panel printed square (a blob
    ///   filling 85 % of its upright bounding box). A clean
    ///   specimen on white paper measures 0, the 115 good real document pictures 0–1.8 % (a
    ///   high-key resident card scan the most), a reflection of radius 140 px on a 1600 px card
    ///   5.5 %;
    /// - the sharpness of its edges in the picture's own pixels (``sharpness()``);
    /// - the outline when the document lies on something plain (none on a full-frame scan);
    /// - edge crossings: real specimens scanned or photographed whole measure 0–0.05 on every
    ///   edge, documents cut by the frame 0.15–0.55 on the edge they run past; on `colour`, the
    ///   picture as decoded, an edge's band must also have the document's colour (nil or a gray
    ///   picture: its grey level alone);
    /// - the largest solid black or white patch not touching the edge: the real black box over a
    ///   licence's fingerprint measures 0.033, the real white box over a licence's portrait
    ///   0.013, every real specimen 0;
    /// - the blocks of a mosaic: the real card pixelated over its number and name shows 9, every
    ///   other real document 0.
    func document(colour: Image? = nil) -> DocumentMeasures? {
        var found = CKYCVision_Document()
        let small = colour.flatMap(Self.smallColour)
        let status = bytes.withUnsafeBufferPointer { p -> Int32 in
            guard let base = p.baseAddress else { return -1 }
            guard let small else { return CKYCVision_document(base, width, height, width, nil, 0, 0, &found) }
            return small.rgb.withUnsafeBufferPointer { rgb in
                CKYCVision_document(base, width, height, width, rgb.baseAddress, small.width, small.height, &found)
            }
        }
        guard status == 0 else { return nil }
        func measured(_ value: Double) -> Double? { value >= 0 ? value : nil }
        return DocumentMeasures(
            specularShare: measured(found.specularShare),
            sharpness: sharpness(),
            outline: found.outlineStatus == 0 && found.outline.found == 1
                ? DocumentOutline(share: found.outline.share, cornerDeviation: found.outline.cornerDeviation,
                                  margin: found.outline.margin)
                : nil,
            crossings: found.crossingsStatus == 0
                ? BorderCrossings(shares: [.left: found.crossings.left, .right: found.crossings.right,
                                           .top: found.crossings.top, .bottom: found.crossings.bottom])
                : nil,
            solidPatchShare: measured(found.solidPatchShare),
            mosaicCells: found.mosaicCells >= 0 ? Int(found.mosaicCells) : nil
        )
    }

    /// The colour `picture`'s packed R G B pixels at most 640 px on its long side, the size
    /// the crossings are measured at, sampled (the shim smooths it as it smooths the gray copy;
    /// an area-averaged colour copy made an application 14 % slower); nil for a gray picture or
    /// on failure.
    private static func smallColour(_ picture: Image) -> (rgb: [UInt8], width: Int32, height: Int32)? {
        guard picture.depth == 32,
              let small = picture.sampled(by: min(1, 640 / Double(max(1, picture.width, picture.height)))),
              let rgb = small.packedBytes(), rgb.count == small.width * small.height * 3
        else { return nil }
        return (rgb, Int32(small.width), Int32(small.height))
    }

    /// How sharp the picture's edges are in its own pixels, whatever their contrast
    /// (`CKYCVision_sharpness`), on the picture itself when narrower than the copy, else on the
    /// copy; nil on failure. Real documents with crisp print measure 1.6–6.6, blurred or
    /// smeared ones 0.5–1.4 (an edge blurred over σ pixels measures about 1/σ).
    func sharpness() -> Double? {
        let own = narrower.flatMap { $0.luminance() }
        let picture = own ?? copy
        guard let bytes = own == nil ? self.bytes : own?.packedBytes(), bytes.count == picture.width * picture.height
        else { return nil }
        let value = bytes.withUnsafeBufferPointer { p -> Double in
            guard let base = p.baseAddress else { return -1 }
            return CKYCVision_sharpness(base, Int32(picture.width), Int32(picture.height), Int32(picture.width))
        }
        return value >= 0 ? value : nil
    }

    /// The share of the picture inside the largest four-sided outline (10–90 % of the picture)
    /// that holds the whole `face` box (in the picture's pixels): a screen's or a print's edge
    /// around the face (`CKYCVision_enclosingOutline`). 0 when there is none; nil on failure.
    func enclosingOutline(of face: PixelRect) -> Double? {
        let box = face.scaled(by: scale)
        let share = bytes.withUnsafeBufferPointer { p -> Double in
            guard let base = p.baseAddress else { return -1 }
            return CKYCVision_enclosingOutline(
                base, width, height, width, Int32(box.x), Int32(box.y), Int32(box.width), Int32(box.height)
            )
        }
        return share >= 0 ? share : nil
    }
}
