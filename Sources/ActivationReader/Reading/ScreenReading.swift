import ActivationPipeline
import ActivationVision
import Foundation

/// The reading of one upright gray screenshot, and its plan: which passes run when.
///
/// First only the bands around the page's long numbers (``NumberBands``); when those leave an
/// IMEI unaccounted for, the rest of the page (turned, rescaled or flattened if need be) to
/// find the labels; then cheap re-reads of each value's crop at a scale Tesseract likes, with
/// a digit whitelist; levelled when the text stands askew; barcodes last. The passes are in
/// `ScreenReading+PagePasses`, the re-reads in `+ValueRereads`, the general label rule over
/// Tesseract's lines in `+Layouts`, the barcodes in `+Barcodes`, a photographed screen set
/// upright in `+Upright`;
/// every box goes back to the picture's pixels through a ``PageFrame``.
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
    /// When the reading must end (its deadline, or its caller gone): every engine call ends soon
    /// after, and no further stage starts (the result is then thrown away).
    let stop: WorkStop
    /// Whether `gray` is already a levelled copy (its text was photographed askew).
    var levelled = false
    /// Whether `gray` is a photographed screen already set upright (``rectifiedReading()``).
    var rectified = false
    /// Whether `gray` is the picture's inverse (its middle was dark: a dark screen, or a label on
    /// a dark box), so that printed barcodes are scanned on the inverse of it.
    var inverted = false

    /// What the screen gave.
    struct Outcome {
        var imeis: [IMEIReading] = []
        var meid: String?
        var sawLabel = false
        /// Labels left without a valid number, in the picture's pixels.
        var unreadLabels: [UnreadLabel] = []
        /// Whether the number pass found the page legible (a screen, never a box label).
        var legible = false
        /// Whether a pass found that the page has no IMEI to find (plenty of text, no long
        /// number any label names): nothing is gained by setting it upright.
        var settled = false
        /// The deep second opinion's text lines, in the picture's pixels, when it read them.
        var lines: [TextBox]?
        /// A box label's serial number and EID (``readBoxLabel(_:)``).
        var serialNumber: LabelField?
        var eid: LabelField?

        /// The IMEIs' and unread labels' boxes, read on a picture made from the reading's, put
        /// back on the reading's picture by `back`.
        mutating func moveBoxes(_ back: (PixelRect) -> PixelRect) {
            func moved(_ b: [Int]) -> [Int] {
                b.count == 4 ? back(PixelRect(x: b[0], y: b[1], width: b[2], height: b[3])).array : b
            }
            for i in imeis.indices { imeis[i].box = moved(imeis[i].box) }
            for i in unreadLabels.indices { unreadLabels[i].box = moved(unreadLabels[i].box) }
        }
    }

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

    /// The IMEIs (of the picture as it is; then, when that left a slot unread, of its screen set
    /// upright: ``rectifiedReading()``), and on a picture that is not a legible screen, what a
    /// box label adds (``readBoxLabel(_:)``).
    func run() -> Outcome {
        var outcome = readIMEIs()
        if !outcome.legible, !outcome.settled, !stop.isStopped, Self.lacksSlot(outcome.imeis), let screen = rectifiedReading() {
            adopt(screen, into: &outcome)
        }
        if !outcome.legible, !stop.isStopped { readBoxLabel(&outcome) }
        return outcome
    }

    /// The IMEIs and the MEID: the passes in order, each only when the last left one unread.
    func readIMEIs() -> Outcome {
        var outcome = Outcome()
        var imeis: [IMEIReading] = []
        let scale = pageScale(gray)
        let page = gray.scaled(by: scale)
        // Numbers first: when the label rows around the page's long numbers read in full,
        // the rest of the page is never read.
        var known: Known?
        let spots = page.flatMap { numberPass(on: $0, scale: scale) }
        // A legible page goes to the deep reader only after Tesseract read it whole (below).
        let legible = spots?.legible ?? false
        if let spot = spots?.read {
            if !spot.page.values.isEmpty {
                outcome.sawLabel = true
                // A first slot read calls for the second, a second for the first: when one
                // row did not stand out as a number (markup, glare), the whole page is read.
                // On a legible page every long number and label shape stood in a band: a
                // slot that no band showed is not on the page.
                let unread = read(spot.page, into: &imeis, meid: &outcome.meid, labels: &outcome.unreadLabels)
                let stated = Set(imeis.compactMap(\.slot)), first = imeis.contains { ($0.slot ?? 1) == 1 }
                let slotsKnown = legible
                    || ((first || !stated.contains(2)) && (!stated.contains(1) || stated.contains(2)))
                if unread == 0, !imeis.isEmpty, slotsKnown {
                    // A photo showing an EID (an eSIM, so a second slot) whose bands gave one
                    // IMEI, unnumbered: the second's row did not stand out as a number.
                    let eSIM = !legible && imeis.count == 1 && imeis[0].slot == nil && Self.showsEID(spot.page.lines)
                    assignSlots(&imeis)
                    outcome.imeis = imeis
                    outcome.legible = legible
                    if eSIM, let both = deepSecondSlot(of: outcome) { return both }
                    return outcome
                }
            } else if legible, confidentText(spot.page.lines), generalRule(spot.page.lines).found.imeis.isEmpty {
                // Level, upright text whose long numbers and label shapes show no label, and
                // no barcode (a legible page shows none), has no IMEI to find: the rest of the
                // page is not read. A label only the general rule knows ("IMEI-Nummer") calls
                // for the whole page, whose lines that rule then reads in full.
                (outcome.legible, outcome.settled) = (true, true)
                return outcome
            }
            // Bands that showed no label are not read again; bands whose labels did not all
            // read are, in the context of the whole page.
            if spot.page.values.isEmpty { known = Known(rows: spot.bands, lines: spot.page.lines) }
        }
        // A page that is not legible (a photo, a box label, a turned or busy page) whose bands
        // gave no IMEI: Tesseract reads it once whole, and when that is confident text whose
        // long numbers (if any) no label names, there is nothing to find. Otherwise the deep second opinion
        // reads its text lines whole, whatever their tilt; Tesseract's costlier passes run
        // only when it found nothing, and saw a long number it could not name.
        var whole: Page?
        if !legible, !levelled, imeis.isEmpty, deep, DeepOCR.shared != nil {
            // Only bands read without a label can vouch for the page (``noIMEI(on:bands:)``).
            if let known { whole = pass(on: gray, turns: 0, scale: scale, normalize: false, scaled: page, known: known) }
            if let whole, let known, noIMEI(on: whole, bands: known.rows) {
                trace("no IMEI to find: no deep reading")
                outcome.settled = true
                return outcome
            }
            switch readDeep(into: &outcome) {
            case .read: return outcome
            case .nothingToFind:
                trace("no IMEI to find: the deep reader saw no long number")
                outcome.settled = true
                return outcome
            case .unsure:
                // A screen set upright was read as it stood first, Tesseract's costlier passes
                // included: what they could find, they found there.
                if rectified { return outcome }
            }
        }
        var unreadAfterAll = 0
        // First the page as it is; again with its background flattened only when the first
        // pass left a labelled value unread or saw almost no text (grey dialogs, glare).
        for normalize in [false, true] where !stop.isStopped {
            guard let page = normalize ? firstPass(normalize: true) : firstPass(normalize: false, scaled: page, known: known, read: whole)
            else { break }
            outcome.sawLabel = outcome.sawLabel || !page.values.isEmpty
            var unread = read(page, into: &imeis, meid: &outcome.meid, labels: &outcome.unreadLabels)
            // A layout the passes' rule does not take: the general rule over the same lines.
            if imeis.isEmpty {
                imeis = generalLayout(page)
                if !imeis.isEmpty { (outcome.sawLabel, unread) = (true, 0) }
            }
            // Legible: labels were found and read, or plenty of text and no label at all.
            let legible = page.values.isEmpty ? confidentWords(page.lines) >= tuning.legibleWords : !imeis.isEmpty
            unreadAfterAll = unread
            if unread == 0 && legible { break }
            // Text photographed askew reads badly at any scale or contrast: read it levelled.
            if !normalize, let again = levelledReading() {
                outcome.sawLabel = outcome.sawLabel || again.sawLabel
                outcome.meid = outcome.meid ?? again.meid
                imeis += again.imeis.filter { reading in !imeis.contains { $0.value == reading.value } }
                if !again.imeis.isEmpty { unreadAfterAll = 0 }
                break
            }
        }
        // A legible page whose bands could not be read (text far from Tesseract's best size)
        // was read whole first; the deep reader comes after, when that found nothing.
        if imeis.isEmpty, legible, spots?.read == nil, readDeep(into: &outcome) == .read { return outcome }
        if imeis.isEmpty || unreadAfterAll > 0, !stop.isStopped {
            for code in barcodeAnchored() where !imeis.contains(where: { $0.value == code.value }) { imeis.append(code) }
        }
        assignSlots(&imeis)
        outcome.imeis = imeis
        return outcome
    }

    /// The reading of the picture turned level, with its boxes turned back; nil when the
    /// picture is level already (within ``ReaderTuning/levellingDegrees``) or no angle is clear.
    private func levelledReading() -> Outcome? {
        guard !levelled, !stop.isStopped, let angle = gray.levellingAngle(), abs(angle) >= tuning.levellingDegrees,
              let level = gray.turned(degrees: angle)
        else { return nil }
        var outcome = ScreenReading(
            engine: engine, barcodes: barcodes, deep: deep, gray: level, tuning: tuning, trace: trace, stop: stop, levelled: true
        ).readIMEIs()
        let frame = PageFrame([.turned(degrees: angle, width: gray.width, height: gray.height)])
        outcome.moveBoxes(frame.back)
        return outcome
    }

    /// Reads every labelled value of `page` into `imeis` (once per number) and `meid`;
    /// returns how many IMEI labels were left without a valid number.
    private func read(
        _ page: Page, into imeis: inout [IMEIReading], meid: inout String?, labels: inout [UnreadLabel]
    ) -> Int {
        var unread = 0
        for value in page.values {
            let labelBox = page.frame.back(value.labelBox).array
            // A blind re-read only where there is ink: a title `IMEI` has nothing beside it.
            if value.words.isEmpty,
               page.image.inkFraction(in: value.region, threshold: tuning.blankInkThreshold) < tuning.blankInkShare {
                labels.append(UnreadLabel(label: value.label.text, box: labelBox, reason: .noValue))
                continue
            }
            switch value.label.kind {
            case .meid:
                if meid == nil { meid = readMEID(value, on: page) }
                labels.append(UnreadLabel(label: value.label.text, box: labelBox, reason: .meidOnly))
            case .imei:
                var reading = readIMEI(value, on: page)
                if reading == nil, let code = barcode(under: value, on: page) {
                    reading = supply(code, value: value, on: page)
                }
                guard let reading else {
                    unread += 1
                    let fifteen = value.firstPassText.filter(\.isASCIIDigit).count == 15
                    labels.append(UnreadLabel(label: value.label.text, box: labelBox, reason: fifteen ? .luhnFailed : .noValue))
                    continue
                }
                if let i = imeis.firstIndex(where: { $0.value == reading.value }) {
                    if imeis[i].slot == nil { imeis[i].slot = reading.slot }
                } else {
                    imeis.append(reading)
                }
            }
        }
        return unread
    }

    /// The scale that brings the short side of `image` to about ``ReaderTuning/pageShortSide``.
    func pageScale(_ image: Image) -> Double {
        min(tuning.pageScaleRange.upperBound, max(tuning.pageScaleRange.lowerBound, tuning.pageShortSide / Double(min(image.width, image.height))))
    }

    /// Slots from the labels; unlabelled IMEIs take the next free slot in screen order.
    func assignSlots(_ imeis: inout [IMEIReading]) {
        var used = Set(imeis.compactMap(\.slot))
        for i in imeis.indices where imeis[i].slot == nil {
            var s = 1
            while used.contains(s) { s += 1 }
            imeis[i].slot = s
            used.insert(s)
        }
        imeis.sort { ($0.slot ?? 9, $0.box[1]) < ($1.slot ?? 9, $1.box[1]) }
    }
}
