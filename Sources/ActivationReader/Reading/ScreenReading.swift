import ActivationPipeline
import ActivationVision
import Foundation

/// The reading of one upright gray screenshot by a ``ReadingPlan``: the plan says which stages
/// run when, on the evidence gathered so far (``ReadingEvidence``); this runs it.
///
/// The stages are in `ScreenReading+Stages`; the passes they make in `+PagePasses`, the
/// re-reads of each value's crop in `+ValueRereads`, the general label rule over Tesseract's
/// lines in `+Layouts`, the barcodes in `+Barcodes`, the deep reader in `+Deep`, a derived
/// picture (levelled, a photographed screen set upright) in `+Upright`, a box label in
/// `+BoxLabel`; every box goes back to the picture's pixels through a ``PageFrame``.
/// Uses the caller's engine, so it runs on the caller's thread and blocks it.
struct ScreenReading {
    let engine: TesseractEngine
    let barcodes: BarcodeScanner?
    /// Whether pages that are not legible get the deep second opinion (``DeepOCR/shared``,
    /// loaded on the first such page: a run of clean screenshots never loads it).
    let deep: Bool
    let gray: Image
    let tuning: ReaderTuning
    let trace: ReaderTrace
    /// When the reading must end: its deadline, or its caller gone (the result is then thrown
    /// away), or its budget spent (a part of the caller's stop, ``WorkStop/init(within:until:)``).
    /// Every engine call ends soon after, and no further stage starts.
    let stop: WorkStop
    /// The CPU the reading may spend, shared with the pictures it derives (``ReadingBudget``).
    let budget: ReadingBudget
    /// Whether `gray` is the picture's inverse (its middle was dark: a dark screen, or a label on
    /// a dark box), so that printed barcodes are scanned on the inverse of it.
    var inverted = false

    /// A page at one scale and rotation, with what the first pass found on it.
    struct Page {
        let image: Image
        /// Page pixels per pixel of `source`.
        let scale: Double
        /// The upright gray picture turned as the page is: what value crops are cut from.
        let source: Image
        /// How `source` was made from the reading's picture (its quarter turns).
        let sourceFrame: PageFrame
        let lines: [OCRLine]
        let values: [LabelledValue]

        /// How the page image was made from the reading's picture.
        var frame: PageFrame { sourceFrame.then(scaling) }

        /// The page's own scaling of `source`.
        var scaling: PageFrame.Step { .scaled(scale, origin: (0, 0)) }

        /// How a crop of `source` cut at `rect` and scaled by `factor` was made.
        func frame(crop rect: PixelRect, factor: Double) -> PageFrame {
            sourceFrame.then(.scaled(factor, origin: (rect.x, rect.y)))
        }
    }

    /// Runs `plan` on the picture: its passes in order, each when its trigger holds, until one
    /// gives a verdict; then the unstated slots assigned, and the finishing stages whose
    /// triggers hold. Checks `stop` before each stage; every stage that ran is in `stages`.
    /// The first `bands` sets the reading's budget by what it found (``ReadingBudget``), and no
    /// stage starts past it (``ReadingEvidence/overBudget``). Last, however it ended, every IMEI
    /// that contradicts a failing value the deep reader read surely is dropped (``checked(_:)``).
    func run(_ plan: ReadingPlan) -> ReadingEvidence {
        var e = ReadingEvidence()
        let deepReady = { deep && DeepOCR.shared != nil }
        func mayGoOn() -> Bool {
            if budget.exceeded { e.overBudget = true }
            return !stop.isStopped && !e.overBudget
        }
        for stage in plan.passes where e.verdict == nil {
            guard mayGoOn() else { return checked(e) }
            if ReadingPlan.triggers(stage, on: e, deepReady: deepReady, barcodes: barcodes != nil) { perform(stage, on: &e) }
            if stage == .bands { budget.limit(to: e.legible ? tuning.screenCPUBudget : tuning.photoCPUBudget) }
        }
        e.assignSlots()
        for stage in plan.finishing {
            guard mayGoOn() else { return checked(e) }
            if ReadingPlan.triggers(stage, on: e, deepReady: deepReady, barcodes: barcodes != nil) { perform(stage, on: &e) }
        }
        return checked(e)
    }

    /// `e` without the IMEIs that contradict a value the deep reader read as failing the Luhn
    /// check at confident digits (``ReadingEvidence/DeepFailing``); over budget if it ran out.
    private func checked(_ e: ReadingEvidence) -> ReadingEvidence {
        var e = e
        // The budget may have ended the last stage's engines: its reading is cut short too.
        if budget.exceeded { e.overBudget = true }
        let dropped = e.dropContradicted(sure: tuning.confidentGlyph, reach: tuning.contradictionReach)
        if dropped > 0 { trace("\(dropped) IMEIs dropped: each the deep reader's failing value with confident digits changed") }
        return e
    }

    /// Runs `stage` on `e` and records it, with its wall time, what it concluded and the verdict
    /// it gave.
    private func perform(_ stage: ReadingPlan.Stage, on e: inout ReadingEvidence) {
        let t0 = Date()
        let had = e.verdict
        let (concluded, inner) = body(of: stage, on: &e)
        let record = ReaderStage(
            name: stage.rawValue, ms: ReaderTrace.milliseconds(since: t0), concluded: concluded,
            verdict: had == nil ? e.verdict?.rawValue : nil, stages: inner)
        trace("stage \(record.name) \(record.ms) ms: \(concluded)" + (record.verdict.map { " → \($0)" } ?? ""))
        e.stages.append(record)
    }

    /// Reads every labelled value of `page` into `e`'s IMEIs (once per number), refusals and
    /// MEID; returns how many IMEI labels were left without a valid number and not refused.
    func read(_ page: Page, into e: inout ReadingEvidence) -> Int {
        var unread = 0
        for value in page.values {
            let labelBox = page.frame.back(value.labelBox).array
            // A blind re-read only where there is ink: a title `IMEI` has nothing beside it.
            if value.words.isEmpty,
               page.image.inkFraction(in: value.region, threshold: tuning.blankInkThreshold) < tuning.blankInkShare {
                e.unreadLabels.append(UnreadLabel(label: value.label.text, box: labelBox, reason: .noValue))
                continue
            }
            switch value.label.kind {
            case .meid:
                if e.meid == nil { e.meid = readMEID(value, on: page) }
                e.unreadLabels.append(UnreadLabel(label: value.label.text, box: labelBox, reason: .meidOnly))
            case .imei:
                // A value refused already is not read again.
                let shown = value.firstPassText.filter(\.isASCIIDigit)
                if let done = e.refused.first(where: { $0.value == shown }) {
                    e.refuse(done)
                    e.unreadLabels.append(UnreadLabel(label: value.label.text, box: labelBox, reason: .luhnFailed))
                    continue
                }
                let outcome = readIMEI(value, on: page, refuse: e.legible)
                var reading = outcome.reading
                let refusal: String? = if case .refused(let digits) = outcome { digits } else { nil }
                // A legible page shows no barcode: none is looked for under a value refused there.
                let code = reading == nil && !(refusal != nil && e.legible) ? barcode(under: value, on: page) : nil
                // A confirmed refusal is a verdict on a legible page; elsewhere when a barcode
                // under the value holds another IMEI: the page disagrees with itself (digits
                // edited over a *#06# screen, whose barcodes keep the true IMEI); or when the
                // deep recogniser reads the value's crop alike (``deepConfirms(_:of:on:)``).
                if let digits = refusal, e.legible || code != nil || deepConfirms(digits, of: value, on: page) {
                    e.refuse(ReadingEvidence.Refusal(value: digits, slot: value.label.slot))
                    e.unreadLabels.append(UnreadLabel(label: value.label.text, box: labelBox, reason: .luhnFailed))
                    continue
                }
                if let digits = refusal { e.doubted.append(ReadingEvidence.Refusal(value: digits, slot: value.label.slot)) }
                if reading == nil, let code { reading = supply(code, value: value, on: page) }
                guard let reading else {
                    unread += 1
                    let fifteen = value.firstPassText.filter(\.isASCIIDigit).count == 15
                    e.unreadLabels.append(UnreadLabel(label: value.label.text, box: labelBox, reason: fifteen ? .luhnFailed : .noValue))
                    continue
                }
                if let i = e.imeis.firstIndex(where: { $0.value == reading.value }) {
                    if e.imeis[i].slot == nil { e.imeis[i].slot = reading.slot }
                } else {
                    e.imeis.append(reading)
                }
            }
        }
        return unread
    }

    /// The scale that brings the short side of `image` to about ``ReaderTuning/pageShortSide``;
    /// 1 when that is within ``ReaderTuning/pageScaleKept``.
    func pageScale(_ image: Image) -> Double {
        let scale = min(tuning.pageScaleRange.upperBound, max(tuning.pageScaleRange.lowerBound, tuning.pageShortSide / Double(min(image.width, image.height))))
        return tuning.pageScaleKept.contains(scale) ? 1 : scale
    }
}
