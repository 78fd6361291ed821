import ActivationPipeline
import ActivationVision

extension ScreenReading {
    /// What `stage` adds to `e` (``ReadingPlan/Stage`` says what each is for), and what it
    /// concluded, in a few words; with the stages of the sub-plan it ran, if it ran one.
    /// Blocks the caller's thread for the stage's reads.
    func body(of stage: ReadingPlan.Stage, on e: inout ReadingEvidence) -> (String, [ReaderStage]?) {
        switch stage {
        case .bands: return (bands(&e), nil)
        case .whole: return (whole(&e), nil)
        case .deep:
            let verdict = readDeep(into: &e)
            e.deep = verdict
            switch verdict {
            case .read: e.verdict = .read
            case .refused: e.verdict = .refused
            case .nothingToFind: (e.noIMEI, e.verdict) = (.noLongNumber, .noIMEI)
            case .failsBeyondTesseract, .unsure: break
            }
            return (Self.said(verdict, imeis: e.imeis.count), nil)
        case .spared:
            e.verdict = .spared
            return ("the picture as taken had the costlier passes", nil)
        case .page:
            guard let page = firstPass(normalize: false, scaled: e.scaled, known: e.known, read: e.whole) else { return ("no page", nil) }
            return (passed(page, into: &e), nil)
        case .levelled: return levelled(&e)
        case .flattened:
            guard let page = firstPass(normalize: true) else { return ("no page", nil) }
            return (passed(page, into: &e), nil)
        case .rescue:
            let verdict = readDeep(into: &e)
            if verdict == .read || verdict == .refused { e.verdict = verdict == .read ? .read : .refused }
            return (Self.said(verdict, imeis: e.imeis.count), nil)
        case .barcodes:
            let before = e.imeis.count
            for code in barcodeAnchored() where !e.imeis.contains(where: { $0.value == code.value }) { e.imeis.append(code) }
            return ("\(e.imeis.count - before) IMEIs under a label", nil)
        case .esim: return (secondSlot(&e), nil)
        case .upright: return upright(&e)
        case .box: return (readBoxLabel(&e), nil)
        }
    }

    /// The number pass (``numberPass(on:scale:)``) and its labels read: verdict `read` when no
    /// label was left unread and the slots are accounted for (``slotsAccountedFor(_:legible:)``).
    private func bands(_ e: inout ReadingEvidence) -> String {
        let scale = pageScale(gray), scaled = gray.scaled(by: scale)
        (e.scale, e.scaled) = (scale, scaled)
        let spots = scaled.flatMap { numberPass(on: $0, scale: scale) }
        e.legible = spots?.legible ?? false
        if !e.legible { e.photographed = (gray.flatShare(rowStep: 8, tolerance: 0) ?? 1) < ReviewEvidence.maxPhotoFlatShare }
        let shape = e.legible ? "legible" : e.photographed ? "not legible, a photo" : "not legible"
        guard let spot = spots?.read else { return "\(shape), bands not read" }
        e.bandsRead = true
        if !spot.page.values.isEmpty {
            e.sawLabel = true
            let unread = read(spot.page, into: &e)
            if !e.imeis.isEmpty { e.imeis += generalLayout(spot.page, besides: e.imeis) }
            let slots = e.imeis.map(\.slot) + e.refused.map(\.slot)
            // A verdict also needs every label shape read as a word (``labelShapesRead(_:lines:)``).
            if unread == 0, !slots.isEmpty, Self.slotsAccountedFor(slots, legible: e.legible),
               Self.labelShapesRead(spots?.shapes ?? [], lines: spot.page.lines) {
                e.wantsSecondSlot = Self.wantsSecondSlot(e.imeis, legible: e.legible, lines: spot.page.lines)
                (e.screen, e.verdict) = (e.legible, e.imeis.isEmpty ? .refused : .read)
            }
            return "\(shape), \(spot.page.values.count) labels, \(e.imeis.count) IMEIs" + Self.refusals(e)
        }
        // A Luhn-valid 15-digit number without a label in a legible page's bands: its label may
        // be one the bands lost (light grey text flattened away), so neither a verdict nor the
        // bands' lines stand for the page; the page pass reads it whole. (On a page that is not
        // legible, Tesseract's whole read vouches for such a number first: `whole`.) So does any
        // 15-digit number beside what OCR left of a broken word IMEI (``showsBrokenIMEIWord(_:)``):
        // one misread digit and a misread label hide an IMEI (`samples/layouts` firmware_fields).
        let lines = spot.page.lines
        if e.legible, Self.showsIMEIShapedNumber(lines) || Self.showsBrokenIMEIWord(lines) && Self.showsIMEIShapedNumber(lines, luhn: false) {
            e.imeiShaped = true
            return "\(shape), no label, an IMEI-shaped number"
        }
        if e.legible, confidentText(spot.page.lines), generalRule(spot.page.lines).found.imeis.isEmpty {
            // Level, upright text whose long numbers and label shapes show no label, and no
            // barcode (a legible page shows none), has no IMEI to find. A label only the general
            // rule knows ("IMEI-Nummer") calls for the whole page, whose lines that rule reads.
            (e.screen, e.noIMEI, e.verdict) = (true, .unlabelledBands, .noIMEI)
            return "\(shape), no label"
        }
        // Bands that showed no label are not read again by the whole page.
        e.known = Known(rows: spot.bands, lines: spot.page.lines)
        return "\(shape), no label"
    }

    /// Tesseract's one whole read of a page that is not legible (only the rows its bands did not
    /// read): when that is plain text whose long numbers no label names, there is nothing to
    /// find (``noIMEI(on:bands:)``), and the deep reader is spared.
    private func whole(_ e: inout ReadingEvidence) -> String {
        guard let known = e.known else { return "no bands" }
        e.whole = pass(on: gray, turns: 0, scale: e.scale, normalize: false, scaled: e.scaled, known: known)
        guard let whole = e.whole else { return "no page" }
        guard noIMEI(on: whole, bands: known.rows) else { return "\(whole.lines.count) lines, not plain text" }
        (e.noIMEI, e.verdict) = (.plainText, .noIMEI)
        return "\(whole.lines.count) lines, \(ReadingEvidence.NoIMEI.plainText.rawValue)"
    }

    /// What a whole-page pass of Tesseract found, into `e`: its labels' IMEIs, or (a layout the
    /// passes' rule does not take) those the general rule names on the same lines.
    private func passed(_ page: Page, into e: inout ReadingEvidence) -> String {
        e.sawLabel = e.sawLabel || !page.values.isEmpty
        var unread = read(page, into: &e)
        if e.imeis.isEmpty, e.refused.isEmpty {
            e.imeis = generalLayout(page)
            if !e.imeis.isEmpty { (e.sawLabel, unread) = (true, 0) }
        } else if !e.imeis.isEmpty {
            e.imeis += generalLayout(page, besides: e.imeis)
        }
        // Answered: labels were found and read or refused, or plenty of text and no label at all.
        let answered = page.values.isEmpty ? confidentWords(page.lines) >= tuning.legibleWords : !e.imeis.isEmpty || !e.refused.isEmpty
        e.pass = ReadingEvidence.PassLeft(unread: unread, answered: answered)
        if unread == 0, e.imeis.isEmpty, !e.refused.isEmpty { e.verdict = .refused }
        return "\(page.values.count) labels, \(unread) unread, \(e.imeis.count) IMEIs" + Self.refusals(e)
    }

    /// Whether the bands' IMEIs and refusals (`slots`: as their labels stated them) leave no slot to look for
    /// on the rest of the page: on a legible page every long number and label shape stood in a
    /// band, so a slot no band showed is not on the page; elsewhere a first slot read calls for
    /// the second and a second for the first (a row that did not stand out as a number: markup,
    /// glare). Pure.
    static func slotsAccountedFor(_ slots: [Int?], legible: Bool) -> Bool {
        let stated = Set(slots.compactMap { $0 }), first = slots.contains { ($0 ?? 1) == 1 }
        return legible || ((first || !stated.contains(2)) && (!stated.contains(1) || stated.contains(2)))
    }

    /// Whether `lines` hold a number of exactly 15 digits (groups split by single spaces allowed,
    /// or one word of its own beside another number: a spreadsheet's row number) that passes the
    /// Luhn check (when `luhn`): what an IMEI looks like. Pure.
    static func showsIMEIShapedNumber(_ lines: [OCRLine], luhn: Bool = true) -> Bool {
        lines.contains { line in
            if line.words.contains(where: { $0.text.count == 15 && $0.text.allSatisfy(\.isASCIIDigit) && (!luhn || IMEI.isValid($0.text)) }) {
                return true
            }
            var run = ""
            for ch in line.text + "." {
                if ch.isASCIIDigit {
                    run.append(ch)
                } else if ch != " " || run.isEmpty {
                    if run.count == 15, !luhn || IMEI.isValid(run) { return true }
                    run = ""
                }
            }
            return false
        }
    }

    /// The eSIM rule: a photo (not legible) whose bands gave one IMEI, unnumbered, and whose
    /// lines show an `EID` (an eSIM, so a second slot) asks the deep reader for the second
    /// (`dev-photo/0053`, whose IMEI2 row did not stand out as a number). Measured: without it
    /// that page loses its IMEI2, and no other output of samples or the dev corpora changes. Pure.
    static func wantsSecondSlot(_ imeis: [IMEIReading], legible: Bool, lines: [OCRLine]) -> Bool {
        !legible && imeis.count == 1 && imeis[0].slot == nil && showsEID(lines)
    }

    /// The second-slot rule: a picture that is not legible (a photo) whose reading holds one
    /// IMEI, and that one the second slot's (`IMEI2`): a screen never shows a second slot
    /// without a first, so the first's row was missed (a dark iOS About page photographed, its
    /// grey `IMEI` label read "Mel" or "(Mel" on a tilted row) and the deep reader is asked for
    /// it. Measured: `samples/photos-random` 36 → 38/40, 0 false accepts; it runs on no other
    /// picture of `samples/`, the corpora or 80 more random shots (74/80 unchanged), and on
    /// those two it takes the place of the `upright` stage (580-710 ms against 230-550). Pure.
    static func missesFirstSlot(_ imeis: [IMEIReading], legible: Bool) -> Bool {
        !legible && imeis.count == 1 && imeis[0].slot == 2
    }

    /// ", N refused" when values were refused so far, else nothing.
    private static func refusals(_ e: ReadingEvidence) -> String {
        e.refused.isEmpty ? "" : ", \(e.refused.count) refused"
    }

    /// What the deep reader's verdict says, in a few words.
    private static func said(_ verdict: DeepVerdict, imeis: Int) -> String {
        switch verdict {
        case .read: "\(imeis) IMEIs"
        case .nothingToFind: ReadingEvidence.NoIMEI.noLongNumber.rawValue
        case .refused: "every labelled value fails the Luhn check, confirmed"
        case .failsBeyondTesseract: "every labelled value fails the Luhn check, not all confirmed, none Tesseract could change"
        case .unsure: "unsure"
        }
    }
}
