import ActivationPipeline

/// The reader's plan as data: which stages read a picture, in which order, and when each runs.
///
/// ``ScreenReading/run(_:)`` runs a plan's `passes` in order, each only when its trigger holds
/// on the evidence gathered so far (``ReadingEvidence``), until one gives a verdict (IMEIs read,
/// no IMEI to find); it then assigns the unstated slots, and runs the `finishing` stages whose
/// triggers hold; last, it drops every IMEI that contradicts a value the deep reader read surely
/// as failing the Luhn check (``ReadingEvidence/DeepFailing``). The order is the cost order the measurements chose: cheap reads of the
/// number bands first, the deep reader before Tesseract's costlier passes on photos, barcodes
/// last. A derived picture (levelled, set upright) runs its own named sub-plan. Every stage that
/// ran is recorded (``ReaderStage``): `activation imei --explain` lists them.
struct ReadingPlan {
    /// One stage; its name is what the trace and `--explain` print.
    enum Stage: String {
        /// The bands around the page's long numbers and label-shaped words, stacked into one
        /// small image and read (``ScreenReading/numberPass(on:scale:)``). Adds whether the page
        /// is legible, its labels and IMEIs; verdict `read` when every label read and both slots
        /// are accounted for, `none` when a legible page's bands show confident text and no label.
        case bands
        /// Tesseract's one whole read of a page that is not legible, not a photo, and whose bands
        /// showed no label, when the deep reader is there. Adds that read (the page pass reuses it);
        /// verdict `none` when it is plain text whose long numbers no label names.
        case whole
        /// The deep second opinion (PP-OCR) on a page that is not legible and gave no IMEI yet.
        /// Adds its lines and IMEIs; verdict `read`, `refused`, or `none` when it read plenty of
        /// lines and no long number. Failing values not all confirmed but none that Tesseract's
        /// passes could change (``ScreenReading/DeepVerdict/failsBeyondTesseract``) skip `page`.
        case deep
        /// On a screen set upright whose deep reading was unsure, or failing beyond Tesseract:
        /// verdict `spared`, as the picture as taken already had Tesseract's costlier passes, or
        /// they could not change its values.
        case spared
        /// Tesseract's whole page (rescaled when its text is far from the target size, zoomed
        /// and turned by quarters when little upright text came out); adds its labels' IMEIs,
        /// and those the general label rule names on its lines. Not after a deep reading whose
        /// failing values it could not change.
        case page
        /// The picture turned level (text photographed askew), read by the `levelled` sub-plan,
        /// when the page pass left a label unread or the page unanswered. Adds the IMEIs it read.
        case levelled
        /// The page read again with its background flattened, when neither the page pass nor
        /// a levelled copy answered it.
        case flattened
        /// The deep reader for a legible page whose bands could not be read, or showed an
        /// IMEI-shaped number without a label, and whose whole read gave no IMEI; verdict `read`
        /// when it read some.
        case rescue
        /// Every IMEI-shaped barcode kept where an IMEI label stands just above it, when no IMEI
        /// was read or a label was left unread.
        case barcodes
        /// The deep reader's reading of a photo that shows a second slot and read one IMEI (an
        /// eSIM photo whose bands gave one unnumbered IMEI; a photo that read only its IMEI2,
        /// the deep reader not asked yet): it replaces the reading when it holds that IMEI and
        /// another.
        case esim
        /// A photographed screen set upright and read by the `upright` sub-plan, when the
        /// picture as taken left a slot unread (or read one IMEI beside a 15-digit number the
        /// deep reader could not name) and was neither a legible screen nor cleared.
        case upright
        /// What a box label adds (barcodes tied to their lines, serial number, EID), on a
        /// picture with IMEIs that is not a legible screen.
        case box
    }

    /// The plan's name: `picture`, `levelled`, `upright`.
    let name: String
    /// Run in order until one gives a verdict.
    let passes: [Stage]
    /// Run after the passes, each when its trigger holds.
    let finishing: [Stage]

    /// The picture as the caller gave it.
    static let picture = ReadingPlan(
        name: "picture",
        passes: [.bands, .whole, .deep, .page, .levelled, .flattened, .rescue, .barcodes],
        finishing: [.esim, .upright, .box])

    /// A levelled copy of the picture: the deep reader, which reads text at any tilt, already
    /// had the picture as taken.
    static let levelled = ReadingPlan(name: "levelled", passes: [.bands, .page, .flattened, .barcodes], finishing: [])

    /// A photographed screen set upright: read as a screenshot, except that an unsure deep
    /// reading ends it (`spared`).
    static let upright = ReadingPlan(
        name: "upright",
        passes: [.bands, .whole, .deep, .spared, .page, .levelled, .flattened, .rescue, .barcodes],
        finishing: [.esim])

    /// Whether `stage` runs on the evidence gathered so far; `deepReady` says whether the deep
    /// reader is wanted and installed (asked last: it loads the reader on first use).
    static func triggers(
        _ stage: Stage, on e: ReadingEvidence, deepReady: () -> Bool, barcodes: Bool
    ) -> Bool {
        switch stage {
        case .bands: true
        case .page: e.deep != .failsBeyondTesseract
        case .whole: !e.legible && !e.photographed && e.imeis.isEmpty && e.known != nil && deepReady()
        case .deep: !e.legible && e.imeis.isEmpty && deepReady()
        case .spared: e.deep == .unsure || e.deep == .failsBeyondTesseract
        case .levelled: e.pass?.open == true
        case .flattened: e.pass?.open == true && !e.levelledRead
        case .rescue: e.imeis.isEmpty && e.refused.isEmpty && e.legible && (!e.bandsRead || e.imeiShaped) && deepReady()
        case .barcodes: barcodes && ((e.imeis.isEmpty && e.refused.isEmpty) || (e.pass?.unread ?? 0) > 0)
        case .esim:
            (e.wantsSecondSlot || (e.deep == nil && ScreenReading.missesFirstSlot(e.imeis, legible: e.legible))) && deepReady()
        case .upright:
            !e.screen && e.noIMEI == nil && e.refused.isEmpty
                && (ScreenReading.lacksSlot(e.imeis) || (e.imeis.count == 1 && e.unclaimedNumber))
        case .box: !e.screen && barcodes && !e.imeis.isEmpty
        }
    }
}
