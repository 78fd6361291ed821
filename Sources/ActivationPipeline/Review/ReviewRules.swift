/// Decides why a result needs a person, if it does. Pure: a result, its evidence and its
/// batch context in, reasons out, in a fixed order (per IMEI in screen order, then the
/// picture's, then the batch's). The thresholds are documented in the README.
public enum ReviewRules {
    /// An IMEI read with less confidence than this needs a person: 0.90. The reader's confident
    /// reads score 0.95–1.0; the values it re-read or pieced together score lower.
    public static let lowConfidence = 0.90

    /// The reasons `result` needs a person; empty when it needs none.
    ///
    /// - `CORRECTED`, `BARCODE_DISAGREED` (a correction that a barcode made), `LOW_CONFIDENCE`
    ///   and `SINGLE_CHANNEL_PHOTO` (unless a barcode in the picture encodes the same IMEI) for
    ///   each IMEI they hold for;
    /// - `LABEL_UNREAD` for each identifier label left without a valid number (`evidence`);
    /// - `MEID_ONLY` when the picture showed a MEID and no IMEI;
    /// - `REUSED_IMEI` for each IMEI read in other uploads, `DUPLICATE_SCREENSHOT` for a copy.
    ///
    /// A failed result needs a person only for an unread label, a MEID, or a risk finding:
    /// "no IMEI on this picture" and "not an image" are answers, not doubts.
    public static func reasons(
        for result: ScreenshotResult, evidence: ReviewEvidence?, context: ReviewContext = ReviewContext()
    ) -> [ReviewReason] {
        var reasons: [ReviewReason] = []
        for reading in result.imeis {
            let name = "\(reading.label) \(IMEIMask.mask(reading.value))"
            if reading.corrected {
                if reading.channels.contains(IMEIReading.barcode) {
                    reasons.append(ReviewReason(.barcodeDisagreed, "\(name): its barcode read another number and was kept"))
                } else {
                    reasons.append(ReviewReason(.corrected, "\(name): a digit was corrected"))
                }
            }
            if reading.confidence < lowConfidence {
                reasons.append(ReviewReason(.lowConfidence, "\(name): confidence \(confidence(reading.confidence)) under \(confidence(lowConfidence))"))
            }
            if evidence?.photo == true, Set(reading.channels).count == 1, evidence?.barcodeConfirmed?.contains(reading.value) != true {
                reasons.append(ReviewReason(.singleChannelPhoto, "\(name): read by \(reading.channels.first ?? "one channel") alone on a photo (no level screen)"))
            }
        }
        for label in evidence?.unreadLabels ?? [] {
            reasons.append(ReviewReason(.labelUnread, label))
        }
        if result.imeis.isEmpty, let meid = result.meid {
            reasons.append(ReviewReason(.meidOnly, "MEID \(IMEIMask.mask(meid)) and no IMEI"))
        }
        for reading in result.imeis {
            if let others = context.reusedIn[reading.value], others > 0 {
                let uploads = others == 1 ? "1 other upload" : "\(others) other uploads"
                reasons.append(ReviewReason(.reusedIMEI, "\(IMEIMask.distinguishable(reading.value)) also in \(uploads)"))
            }
        }
        if let original = context.duplicateOf {
            reasons.append(ReviewReason(.duplicateScreenshot, "the same content as \(PrintableName.log(original))"))
        }
        return reasons
    }

    /// `0.72`: two decimals.
    static func confidence(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }
}
