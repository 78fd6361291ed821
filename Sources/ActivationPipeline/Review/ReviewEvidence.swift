/// What the review rules need to know about one reading that its JSON result does not say:
/// whether the picture is a photo, and the identifier labels left without a number. Taken by
/// the batch worker from the reading itself (``from(_:facts:)``) and stored with the result,
/// so that the reasons can be decided again at any time. Pure value.
public struct ReviewEvidence: Sendable, Hashable, Codable {
    /// Whether the picture counts as a photo (see ``isPhoto(_:facts:)``).
    public var photo: Bool
    /// Each label left without a valid number, as `LABEL: reason` (`IMEI2: no value`).
    public var unreadLabels: [String]
    /// The IMEIs that a barcode elsewhere in the picture also encodes (the Samsung `*#06#`
    /// dialog prints one under each IMEI): a second channel the reader did not need. Nil when
    /// not looked for.
    public var barcodeConfirmed: [String]?

    public init(photo: Bool, unreadLabels: [String], barcodeConfirmed: [String]? = nil) {
        self.photo = photo
        self.unreadLabels = unreadLabels
        self.barcodeConfirmed = barcodeConfirmed
    }

    /// Below this exact-flat share a picture is a camera's photo: the share of neighbouring
    /// pixels exactly equal (`PictureTexture`). Measured on the bundled sets and the corpora:
    /// screenshots 0.78–0.99 (JPEG-heavy and tiny ones lowest), photos of screens 0.04–0.51.
    public static let maxPhotoFlatShare = 0.65

    /// The evidence of one reading: `result` as the reader gave it (its `unreadLabels` still
    /// there), the file's `facts` (nil when it did not decode) and, when measured, its
    /// exact-flat share and whether its text stands tilted (``wantsTexture(_:facts:)``).
    public static func from(
        _ result: ScreenshotResult, facts: ImageFacts?, exactFlatShare: Double? = nil, textTilted: Bool? = nil
    ) -> ReviewEvidence {
        let unread = UnreadLabel.remaining(result.unreadLabels, reported: result.imeis)
            .filter { $0.reason != .meidOnly }
            .map { "\($0.label): \($0.reason.rawValue)" }
        let photo = isPhoto(result, facts: facts, exactFlatShare: exactFlatShare, textTilted: textTilted)
        return ReviewEvidence(photo: photo, unreadLabels: unread)
    }

    /// The reader's own verdict on the picture, from its explained stages: whether its first
    /// pass (`bands`) found a legible screen (level text, no barcode); nil when the stages do
    /// not say (not explained, or worded otherwise).
    public static func legible(_ stages: [ReaderStage]?) -> Bool? {
        guard let bands = stages?.first(where: { $0.name == "bands" }) else { return nil }
        if bands.concluded.hasPrefix("not legible") { return false }
        if bands.concluded.hasPrefix("legible") { return true }
        return nil
    }

    /// Whether a picture counts as a photo for the review rules: few of its neighbouring pixels
    /// are exactly equal (under ``maxPhotoFlatShare``); or its text lines stand tilted, in the
    /// whole picture or in its top or bottom third (`TextTilt` in the vision module: a photo the
    /// reader still found legible, a keystone among them); or the reader found it no legible
    /// screen (``legible(_:)``: text askew or turned, a barcode) and its pixels were not looked
    /// at; or its EXIF names a camera or holds exposure settings, or it has a camera sensor's
    /// size (``ImageFacts/photoEvidence``); or it has a camera's shape (4:3 or 3:2, either way
    /// up) at one megapixel or more, which no phone screen has; or, when the reader did not say,
    /// it read an IMEI with the deep reader or a barcode, which it runs on pictures that are not
    /// legible screens.
    public static func isPhoto(
        _ result: ScreenshotResult, facts: ImageFacts?, exactFlatShare: Double? = nil, textTilted: Bool? = nil
    ) -> Bool {
        let legible = legible(result.stages)
        if let exactFlatShare, exactFlatShare < maxPhotoFlatShare { return true }
        if textTilted == true { return true }
        // Flat and level pixels outweigh the reader's "not legible": a screenshot that shows a
        // barcode (Samsung's `*#06#` dialog) or stands turned a quarter.
        if legible == false, exactFlatShare == nil || textTilted == nil { return true }
        if legible == nil,
            result.imeis.contains(where: { $0.channels.contains(IMEIReading.deep) || $0.channels.contains(IMEIReading.barcode) })
        {
            return true
        }
        guard let facts else { return false }
        if facts.photoEvidence != nil { return true }
        let long = max(facts.pixelWidth, facts.pixelHeight), short = min(facts.pixelWidth, facts.pixelHeight)
        return short > 0 && (long * 3 == short * 4 || long * 2 == short * 3) && long * short >= 1_000_000
    }

    /// Whether looking at the picture's pixels (a decode: ``PictureTexture``) could change the
    /// review: an IMEI read by one channel, and either a picture the reader found no legible
    /// screen (its pixels may show a flat, level screenshot, and a barcode it did not need may
    /// confirm the IMEI: a Samsung `*#06#` screen), or one the cheaper signs do not call a
    /// photo, in a format a camera or a messenger writes (JPEG, HEIC, WebP; a PNG screenshot
    /// pays nothing).
    public static func wantsTexture(_ result: ScreenshotResult, facts: ImageFacts?) -> Bool {
        guard let facts, result.imeis.contains(where: { Set($0.channels).count == 1 }) else { return false }
        if legible(result.stages) == false { return true }
        return [.jpeg, .heic, .webp].contains(facts.format ?? .unknown) && !isPhoto(result, facts: facts)
    }
}
