/// Why a result needs a person: one stable code per reason, never changing meaning. What
/// `activation batch review` lists, the exports carry and the report groups by.
public enum ReviewCode: String, Sendable, Hashable, Codable, CaseIterable {
    /// A digit was replaced by an OCR alternative or by a barcode's reading (`corrected: true`).
    case corrected = "CORRECTED"
    /// An IMEI's confidence is under ``ReviewRules/lowConfidence`` (0.90).
    case lowConfidence = "LOW_CONFIDENCE"
    /// An IMEI on a photo was read by one channel only (text, deep or barcode alone).
    case singleChannelPhoto = "SINGLE_CHANNEL_PHOTO"
    /// An IMEI label was found with no valid number beside it ("no value", "Luhn failed").
    case labelUnread = "LABEL_UNREAD"
    /// The picture showed a MEID and no IMEI.
    case meidOnly = "MEID_ONLY"
    /// A barcode tied to an IMEI's line read another number, and its (Luhn-valid) reading won.
    case barcodeDisagreed = "BARCODE_DISAGREED"
    /// The same IMEI was read in another upload with different content (a risk finding).
    case reusedIMEI = "REUSED_IMEI"
    /// The upload has the same content as another one (a risk finding).
    case duplicateScreenshot = "DUPLICATE_SCREENSHOT"
}
