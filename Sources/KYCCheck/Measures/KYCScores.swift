import ActivationVision

/// The quality of one image as three 0–100 scores, higher is better: sharpness, glare (100 is
/// no glare) and exposure (100 is neither too dark nor too bright). Pure value.
///
/// Each score maps one raw measurement (`Image.QualityMeasurements`, taken on a 1000-pixel-wide
/// gray copy) so that the default threshold, 50, falls between renders that are clearly bad
/// and ones that are normal; the calibration is in `KYCScoresTests`.
public struct KYCScores: Sendable, Hashable, Codable {
    public var sharpness: Int
    public var glare: Int
    public var exposure: Int
    /// Whether a low exposure score means too dark (else too bright). Not part of the JSON.
    public var underexposed = false

    enum CodingKeys: String, CodingKey {
        case sharpness, glare, exposure
    }

    public init(sharpness: Int, glare: Int, exposure: Int, underexposed: Bool = false) {
        self.sharpness = sharpness
        self.glare = glare
        self.exposure = exposure
        self.underexposed = underexposed
    }

    /// The Laplacian variance that scores 50. On 1600×1000 card renders with a little grain
    /// (JPEG 90): sharp 7,400–11,000 (98–99); Gaussian blur σ = 1 px 2,150–2,400 (93–94);
    /// σ = 2: 220–400 (60–73); σ = 2.5: 90–150 (38–51); σ = 3: 60–90 (29–38); σ = 4: 30–40 (17–21).
    /// The card on a plain table, a third of the frame, measures like the full-frame card.
    static let focusAtFifty = 150.0
    /// The share of the picture in glare blobs that scores 50. A 25 px specular highlight
    /// (0.2 %) scores 89; a saturated disc of radius 80 px (1.8 %) 46; of 140 px (5.2 %) 22.
    static let glareAtFifty = 0.015
    /// The 90th luminance percentile (the bright parts) at which the dark score is 0 and 100.
    /// Normal cards measure ~220 (100); ×0.5 110 (80); ×0.3 66 (36).
    static let darkRange = (zero: 30.0, full: 130.0)
    /// The 2nd luminance percentile (the darkest content) at which the bright score is 0 and 100.
    /// Normal cards measure 20–70 (100); washed to 60 % contrast 120 (100); to 25 % 198 (32).
    static let brightRange = (zero: 230.0, full: 130.0)

    /// The scores of these measurements.
    init(_ m: Image.QualityMeasurements) {
        sharpness = Self.ratio(m.focus, m.focus + Self.focusAtFifty)
        glare = Self.ratio(Self.glareAtFifty, Self.glareAtFifty + m.glare)
        let dark = Self.linear(m.high, Self.darkRange)
        let bright = Self.linear(m.low, Self.brightRange)
        exposure = min(dark, bright)
        underexposed = dark < bright
    }

    /// The 90th luminance percentile (the paper) at which a document's dark score is 0 and 100.
    /// Stricter than `darkRange`, which scores a whole frame: a document's white paper must
    /// look light. Real specimens measure 180–255 (100); a card photographed in dim light,
    /// its text murky, 109 (29).
    static let documentDarkRange = (zero: 80.0, full: 180.0)

    /// The edge sharpness (`KYCPixels.sharpness()`) at which a document's sharpness score is 0
    /// and 100; it scores 50 at 1.5. Real documents with crisp print measure 1.6–6.6 (the
    /// softest real phone photos of whole cards 1.6–2.0: 55–75), blurred or smeared ones 0.5–1.4
    /// (0–45). Relaxed's 35 is 1.2, strict's 65 1.8.
    static let documentSharpnessRange = (zero: 0.5, full: 2.5)

    /// The scores of a document: sharpness from its edges' sharpness in its own pixels
    /// (`KYCPixels.sharpness()`) when measured, glare from specular
    /// reflections (`KYCPixels.document()`) when measured, exposure against
    /// `documentDarkRange` and `brightRange`.
    init(document m: Image.QualityMeasurements, sharpness edges: Double?, specularShare: Double?) {
        self.init(m)
        if let edges { sharpness = Self.edgeScore(edges) }
        if let specularShare { glare = KYCPixels.glareScore(specularShare) }
        let dark = Self.linear(m.high, Self.documentDarkRange)
        let bright = Self.linear(m.low, Self.brightRange)
        exposure = min(dark, bright)
        underexposed = dark < bright
    }

    /// The edge sharpness (`KYCPixels.sharpness()`) as a 0–100 score (`documentSharpnessRange`):
    /// a document's sharpness, and a selfie's frame edges (`KYCRules.selfieMinEdgeSharpness`).
    static func edgeScore(_ edges: Double) -> Int {
        linear(edges, documentSharpnessRange)
    }

    /// `part / whole` as a 0–100 score.
    private static func ratio(_ part: Double, _ whole: Double) -> Int {
        whole > 0 ? Int((100 * part / whole).rounded()) : 0
    }

    /// `value` mapped linearly from `range.zero` (0) to `range.full` (100), clamped.
    private static func linear(_ value: Double, _ range: (zero: Double, full: Double)) -> Int {
        let t = (value - range.zero) / (range.full - range.zero)
        return Int((100 * min(1, max(0, t))).rounded())
    }
}
