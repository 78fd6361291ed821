/// What the review rules need to know about one reading that its JSON result does not say:
/// whether the picture is a photo, and the identifier labels left without a number. Taken by
/// the batch worker from the reading itself (``from(_:facts:)``) and stored with the result,
/// so that the reasons can be decided again at any time. Pure value.
public struct ReviewEvidence: Sendable, Hashable, Codable {
    /// Whether the picture counts as a photo (see ``isPhoto(_:facts:)``).
    public var photo: Bool
    /// Each label left without a valid number, as `LABEL: reason` (`IMEI2: no value`).
    public var unreadLabels: [String]

    public init(photo: Bool, unreadLabels: [String]) {
        self.photo = photo
        self.unreadLabels = unreadLabels
    }

    /// The evidence of one reading: `result` as the reader gave it (its `unreadLabels` still
    /// there) and the file's `facts` (nil when it did not decode).
    public static func from(_ result: ScreenshotResult, facts: ImageFacts?) -> ReviewEvidence {
        let unread = UnreadLabel.remaining(result.unreadLabels, reported: result.imeis)
            .filter { $0.reason != .meidOnly }
            .map { "\($0.label): \($0.reason.rawValue)" }
        return ReviewEvidence(photo: isPhoto(result, facts: facts), unreadLabels: unread)
    }

    /// Whether a picture counts as a photo for the review rules: its EXIF names a camera or
    /// holds exposure settings, or it has a camera sensor's size (``ImageFacts/photoEvidence``);
    /// or it has a camera's shape (4:3 or 3:2, either way up) at one megapixel or more, which no
    /// phone screen has; or the reader read an IMEI with the deep reader or a barcode, which it
    /// runs on pictures that are not legible screens (photos, box labels, turned pictures).
    public static func isPhoto(_ result: ScreenshotResult, facts: ImageFacts?) -> Bool {
        if result.imeis.contains(where: { $0.channels.contains(IMEIReading.deep) || $0.channels.contains(IMEIReading.barcode) }) {
            return true
        }
        guard let facts else { return false }
        if facts.photoEvidence != nil { return true }
        let long = max(facts.pixelWidth, facts.pixelHeight), short = min(facts.pixelWidth, facts.pixelHeight)
        return short > 0 && (long * 3 == short * 4 || long * 2 == short * 3) && long * short >= 1_000_000
    }
}
