import ActivationVision
internal import CKYCVision

/// The document checks' pixel measurements, through the `CKYCVision` shim: glare as specular
/// reflection, the focus of the content, and the document's outline. The one place that calls
/// `CKYCVision`.
///
/// Stateless; each function blocks for a few milliseconds on the caller's thread.
enum DocumentPixels {
    /// The width the picture is measured at (the shim measures at this width too).
    static let workingWidth = 1000

    /// The share (0…1) of `image` covered by specular reflections: saturated blobs ringed by a
    /// halo, not white paper (`CKYCVision_specularShare`). A clean specimen on white paper
    /// measures 0, the real specimen cards with holograms and white panels 0–1.7 %, a
    /// reflection of radius 140 px on a 1600 px card 5.5 %. Nil when it cannot be measured.
    static func specularShare(in image: Image) -> Double? {
        measure(image) { CKYCVision_specularShare($0, $1, $2, $1) }
    }

    /// The share of the picture in reflections that scores 50.
    static let glareAtFifty = 0.03

    /// The glare score, 0–100 (100 is no reflection): 50 at `glareAtFifty`.
    static func glareScore(_ share: Double) -> Int {
        Int((100 * glareAtFifty / (glareAtFifty + max(0, share))).rounded())
    }

    /// The focus of the content (`CKYCVision_focus`): real specimens measure 320–12,000, a
    /// blurred card photo 84. Nil when it cannot be measured.
    static func focus(in image: Image) -> Double? {
        measure(image) { CKYCVision_focus($0, $1, $2, $1) }
    }

    /// The document's outline when it lies on something plain (`CKYCVision_outline`); nil when
    /// there is none (a full-frame scan) or on failure.
    static func outline(in image: Image) -> DocumentOutline? {
        var found = CKYCVision_Outline()
        let status = measure(image) { pixels, width, height in
            Double(CKYCVision_outline(pixels, width, height, width, &found))
        }
        guard status != nil, found.found == 1 else { return nil }
        return DocumentOutline(share: found.share, cornerDeviation: found.cornerDeviation, margin: found.margin)
    }

    /// `body` on a gray copy of `image` `workingWidth` pixels wide (pixels, width, height; rows
    /// packed), or nil when the copy fails or `body` returns a negative value.
    private static func measure(
        _ image: Image, _ body: (UnsafePointer<UInt8>, Int32, Int32) -> Double
    ) -> Double? {
        guard let gray = image.grayCopy(width: workingWidth), let bytes = gray.packedBytes(),
              bytes.count == gray.width * gray.height
        else { return nil }
        let value = bytes.withUnsafeBufferPointer { p -> Double in
            guard let base = p.baseAddress else { return -1 }
            return body(base, Int32(gray.width), Int32(gray.height))
        }
        return value >= 0 ? value : nil
    }
}
