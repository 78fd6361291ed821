/// What to draw on an annotated copy of a screenshot, from the reader's result. Pure.
///
/// Each reported IMEI gets a box with its label, slot and value, masked as logs mask it
/// (TAC + `*******`) unless `unmasked`. Each label left without a valid number gets a box of
/// its own colour with the reason ("no value", "Luhn failed", "MEID only"). A failed reading
/// gets a note with its code and detail, and "MEID only" when the screen showed a MEID but no
/// IMEI and no MEID label box says so.
public enum AnnotationPlan {
    /// The marks for `result`, IMEIs in screen order, then notes.
    public static func marks(for result: ScreenshotResult, unmasked: Bool = false) -> [AnnotationMark] {
        var marks = result.imeis.compactMap { reading -> AnnotationMark? in
            guard reading.box.count == 4 else { return nil }
            return AnnotationMark(kind: .imei, box: reading.box, caption: caption(reading, unmasked: unmasked))
        }
        for label in result.unreadLabels where label.box.count == 4 {
            marks.append(AnnotationMark(kind: .unreadLabel, box: label.box, caption: ascii("\(label.label): \(label.reason.rawValue)")))
        }
        if let error = result.error {
            let detail = error.detail.map { ": \($0)" } ?? ""
            marks.append(AnnotationMark(kind: .note, box: nil, caption: ascii("\(error.code) \(error.name)\(detail)")))
        }
        if result.imeis.isEmpty, let meid = result.meid, !result.unreadLabels.contains(where: { $0.reason == .meidOnly }) {
            let shown = unmasked ? meid : IMEIMask.mask(meid)
            marks.append(AnnotationMark(kind: .unreadLabel, box: nil, caption: "MEID only: \(shown) (no IMEI)"))
        }
        return marks
    }

    /// `IMEI1 | slot 1 | 35209900*******`, and `| corrected` when a digit was corrected.
    public static func caption(_ reading: IMEIReading, unmasked: Bool) -> String {
        var parts = [reading.label]
        if let slot = reading.slot { parts.append("slot \(slot)") }
        parts.append(unmasked ? reading.value : IMEIMask.mask(reading.value))
        if reading.corrected { parts.append("corrected") }
        return ascii(parts.joined(separator: " | "))
    }

    /// `text` with every character outside printable ASCII replaced by `?`.
    static func ascii(_ text: String) -> String {
        String(text.unicodeScalars.map { (32...126).contains($0.value) ? Character($0) : "?" })
    }
}
