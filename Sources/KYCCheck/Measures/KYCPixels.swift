import ActivationVision
internal import CKYCVision

/// The KYC checks' pixel measurements, through the `CKYCVision` shim, on one gray copy of a
/// picture 1000 pixels wide: glare as specular reflection, the focus of the content, the
/// document's outline, and the outline of a screen or print around a face. The one place that
/// calls `CKYCVision`.
///
/// Holds only its copy; each measurement blocks for a few milliseconds on the caller's thread.
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
    }

    /// The glare score, 0–100 (100 is no reflection): 50 at `glareAtFifty`.
    static func glareScore(_ share: Double) -> Int {
        Int((100 * glareAtFifty / (glareAtFifty + max(0, share))).rounded())
    }

    /// The share (0…1) covered by specular reflections: saturated blobs ringed by a halo, not
    /// white paper (`CKYCVision_specularShare`). A clean specimen on white paper measures 0,
    /// the real specimen cards with holograms and white panels 0–1.7 %, a reflection of radius
    /// 140 px on a 1600 px card 5.5 %. Nil on failure.
    func specularShare() -> Double? {
        measure { CKYCVision_specularShare($0, width, height, width) }
    }

    /// The focus of the content (`CKYCVision_focus`): real specimens measure 320–12,000, a
    /// blurred card photo 84. Nil on failure.
    func focus() -> Double? {
        measure { CKYCVision_focus($0, width, height, width) }
    }

    /// The document's outline when it lies on something plain (`CKYCVision_outline`); nil when
    /// there is none (a full-frame scan) or on failure.
    func outline() -> DocumentOutline? {
        var found = CKYCVision_Outline()
        let status = measure { Double(CKYCVision_outline($0, width, height, width, &found)) }
        guard status != nil, found.found == 1 else { return nil }
        return DocumentOutline(share: found.share, cornerDeviation: found.cornerDeviation, margin: found.margin)
    }

    /// How much content crosses each of the picture's edges (`CKYCVision_borderCrossings`):
    /// real specimens scanned or photographed whole measure 0–0.05 on every edge, documents
    /// cut by the frame 0.15–0.55 on the edge they run past. Nil on failure.
    func borderCrossings() -> BorderCrossings? {
        var found = CKYCVision_Crossings()
        let status = measure { Double(CKYCVision_borderCrossings($0, width, height, width, &found)) }
        guard status != nil else { return nil }
        return BorderCrossings(shares: [.left: found.left, .right: found.right, .top: found.top, .bottom: found.bottom])
    }

    /// The share (0…1) of the picture under the largest solid dark patch not touching its edge
    /// (`CKYCVision_solidPatchShare`): a box pasted over part of a document. The real box over
    /// a licence's fingerprint measures 0.031, every real specimen 0. Nil on failure.
    func solidPatchShare() -> Double? {
        measure { CKYCVision_solidPatchShare($0, width, height, width) }
    }

    /// The share of the picture inside the largest four-sided outline (10–90 % of the picture)
    /// that holds the whole `face` box (in the picture's pixels): a screen's or a print's edge
    /// around the face (`CKYCVision_enclosingOutline`). 0 when there is none; nil on failure.
    func enclosingOutline(of face: PixelRect) -> Double? {
        let box = face.scaled(by: scale)
        return measure {
            CKYCVision_enclosingOutline(
                $0, width, height, width, Int32(box.x), Int32(box.y), Int32(box.width), Int32(box.height)
            )
        }
    }

    /// `body` on the copy's pixels, or nil when it returns a negative value.
    private func measure(_ body: (UnsafePointer<UInt8>) -> Double) -> Double? {
        let value = bytes.withUnsafeBufferPointer { p -> Double in
            guard let base = p.baseAddress else { return -1 }
            return body(base)
        }
        return value >= 0 ? value : nil
    }
}
