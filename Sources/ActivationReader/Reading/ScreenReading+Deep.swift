import ActivationPipeline
import ActivationVision
import Foundation

extension ScreenReading {
    /// The page read by the deep second opinion: its text lines detected (the page shrunk to
    /// ``ReaderTuning/deepMaxSide``; a smaller one enlarged to it, at most
    /// ``ReaderTuning/deepMaxGrowth`` times, so that its text stands tall enough to detect),
    /// each read whole, and the label rule over whole lines (``LineLabels``). Nil when the page
    /// cannot be packed for the networks, or the detector failed on it (traced with its code).
    /// `failing`: the labelled 15-digit values that fail the Luhn check, with their lines.
    func deepReading(_ deep: DeepOCR) -> (imeis: [IMEIReading], meid: String?, lines: [TextBox], failing: [Failing])? {
        let grow = min(tuning.deepMaxGrowth, Double(tuning.deepMaxSide) / Double(max(gray.width, gray.height)))
        guard let image = grow > tuning.deepMinGrowth ? gray.scaled(by: grow) : gray, let page = deep.page(image, stop: stop) else { return nil }
        guard let boxes = readLines(page, width: image.width, height: image.height) else { return nil }
        let back = Double(gray.width) / Double(image.width)
        let found = LineLabels.read(boxes)
        let lines = boxes.map { b in TextBox(text: b.text, corners: b.corners.map { $0 * back }, confidences: b.confidences) }
        trace("deep: \(boxes.count) lines, \(found.imeis.count) labelled IMEIs, \(found.failing.count) failing Luhn"
            + found.failing.map { " (lowest \(($0.lowest * 100).rounded() / 100))" }.joined())
        for b in boxes { trace("  ‖ \(b.text) (aspect \(Int(b.aspect.rounded())))") }
        let imeis = found.imeis.map { f in
            IMEIReading(
                value: f.value, label: f.label, slot: f.slot, softwareVersion: f.softwareVersion,
                confidence: f.confidence, box: lines[f.box].bounds.clamped(width: gray.width, height: gray.height).array,
                corrected: false, channels: [IMEIReading.deep])
        }
        let failing = found.failing.map { f in
            Failing(found: f, line: lines[f.box], label: (f.labelBox.map { lines[$0] } ?? lines[f.box]).bounds)
        }
        return (imeis, found.meid, lines, failing)
    }

    /// A labelled value the deep reader read as 15 digits that fail the Luhn check, with its
    /// line and where its label stands, in the picture's pixels.
    struct Failing {
        let found: LineLabels.Found
        let line: TextBox
        let label: PixelRect
    }

    /// Whether a second read of `failing`'s value reads the same 15 digits, confirming a refusal.
    /// The value's part of its line (with a margin: a small one across it, as a photo's lines
    /// stand close, and half a line height at each end) is cut from the picture along the line's
    /// own quadrilateral and warped upright, as the deep reader saw it, so that a line
    /// photographed at an angle or turned on the page stands level and alone.
    /// - First Tesseract, a second, independent engine, reads the cut, its digits brought to the
    ///   target height and only digits allowed. A value the deep reader read with an unsure glyph
    ///   (`sure` false) is confirmed only by a read whose glyphs are all confident: the one pass
    ///   that can change that glyph read it alike, surely.
    /// - Where Tesseract reads nothing like it (a blurred, moiré photo it cannot read), the value
    ///   is confirmed by the deep recogniser reading the cut again at
    ///   ``ReaderTuning/deepRereadScale`` of its resolution, every glyph confident: a re-read at
    ///   another size, as a screenshot's value is re-read at another height
    ///   (``readIMEI(_:on:refuse:)``); for a value read with an unsure glyph, the pass that can
    ///   change that glyph read it alike, surely. On 230 photos of untampered pages (dev-photo,
    ///   the photo samples, the tampered photos' twins) the deep reader never read a true IMEI as
    ///   a failing value with every glyph confident; its failing misreads had a glyph at
    ///   0.45–0.84, and on 236 such photos the one it left failing (a glyph at 0.84) was not read
    ///   alike at 0.7.
    /// `picture`: the picture packed for the deep reader's crops, once for all of a page's values.
    /// Also says whether Tesseract read the cut near the value at all (15 digits, at most
    /// ``ReaderTuning/contradictionReach`` of them otherwise): when none of its three reads did,
    /// its whole-page passes, reading the same pixels less closely, cannot either.
    func confirms(_ failing: Failing, on picture: DeepPage, sure: Bool) -> (confirmed: Bool, tesseractNear: Bool) {
        let part = failing.line.part(failing.found.share, along: tuning.confirmLeadIn, across: tuning.confirmPadding)
        // No cut: nothing is known of Tesseract's reading, so the value is not beyond it.
        guard let cut = picture.upright(part) else { return (false, true) }
        let tesseract = confirmsByTesseract(failing, cut: cut, sure: sure)
        if tesseract.confirmed { return tesseract }
        guard let smaller = cut.scaled(by: tuning.deepRereadScale) else { return tesseract }
        let again = deepReads(failing.found.value, in: smaller)
        trace("  confirm \(failing.found.label) (\(sure ? "sure" : "unsure")) by the deep recogniser at \(tuning.deepRereadScale): \(again)")
        return (again, tesseract.tesseractNear)
    }

    /// Whether the deep recogniser, reading all of `image` (a value's crop or cut), reads `value`
    /// among its digits, each glyph of it confident (``ReaderTuning/confidentGlyph``). One
    /// recognition, no detection. Blocks while the network runs.
    func deepReads(_ value: String, in image: Image) -> Bool {
        guard deep, let ocr = DeepOCR.shared, let page = ocr.page(image, stop: stop) else { return false }
        let w = Double(image.width), h = Double(image.height)
        guard let read = page.read(TextBox(text: "", corners: [0, 0, w, 0, w, h, 0, h])) else { return false }
        return LineLabels.digitRuns(Array(read.text), from: 0, hex: false).contains { run in
            run.digits == value && run.characterRange.allSatisfy { $0 < read.confidences.count && read.confidences[$0] >= tuning.confidentGlyph }
        }
    }

    /// ``confirms(_:on:sure:)``'s Tesseract read of the value's upright `cut`, and whether one of
    /// its reads came near the value.
    private func confirmsByTesseract(_ failing: Failing, cut: Image, sure: Bool) -> (confirmed: Bool, tesseractNear: Bool) {
        var near = false
        let upright = cut.meanGray() < tuning.darkCropMean ? (cut.inverted() ?? cut) : cut
        // The cut is the line's height and its margins tall; the digits stand in a share of the line.
        let digitHeight = Double(cut.height) / (1 + 2 * tuning.confirmPadding) * tuning.deepDigitShare
        for factor in tuning.rereadHeightFactors {
            guard let image = upright.scaled(by: factor * tuning.targetTextHeight / max(1, digitHeight)) else { continue }
            if let dir = trace.dumpDirectory { image.dump(to: dir + "/confirm-\(failing.found.label)-\(factor).png") }
            let read = ValueRead(lines: engine.recognize(image, mode: .line, whitelist: "0123456789 /", stop: stop))
            trace("  confirm \(failing.found.label) at \(factor): '\(IMEIMask.mask(read.value))' vs '\(IMEIMask.mask(failing.found.value))'")
            if read.value == failing.found.value, sure || read.minConfidence >= tuning.confidentGlyph { return (true, true) }
            near = near || Self.differing(read.value, failing.found.value) <= tuning.contradictionReach
        }
        return (false, near)
    }

    /// How many digits `a` and `b` differ in, when both are 15 digits long; otherwise more than
    /// any reach. Pure.
    static func differing(_ a: String, _ b: String) -> Int {
        differingPlaces(a, b)?.count ?? 16
    }

    /// Where 15-digit `a` and `b` differ (0-based places), or nil when either is not 15 long: the
    /// one digit comparison of a confirmation and of the veto
    /// (``ReadingEvidence/DeepFailing/contradicts(_:sure:reach:)``). Pure.
    static func differingPlaces(_ a: String, _ b: String) -> [Int]? {
        guard a.count == 15, b.count == 15 else { return nil }
        return zip(a, b).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
    }

    /// The page's lines read: first the lines long enough to hold 15 digits; then, only around
    /// the numbers the label rule could take (14 to 16 digits, ``ReaderTuning/deepNumberDigits``:
    /// ``ReaderTuning/deepLabelReach`` line heights above, one below, or either side of a
    /// vertical one: where the label rule looks for their labels), the rest. Without such a
    /// number there is no IMEI to find. A number the detector cut short
    /// (``ReaderTuning/deepLongNumber`` to 14 digits) is read again from a box lengthened at
    /// both ends.
    /// Nil when the detector failed.
    private func readLines(_ page: DeepPage, width: Int, height: Int) -> [TextBox]? {
        let detected: [TextBox], t0 = Date()
        do {
            detected = try page.lines(maxSide: tuning.deepMaxSide)
        } catch {
            trace("deep: \(error.code): \(error.message)")
            return nil
        }
        trace("deep: \(detected.count) lines detected at \(width)×\(height) (longer side at most \(tuning.deepMaxSide)) in \(ReaderTrace.milliseconds(since: t0)) ms")
        let t1 = Date()
        var read = [TextBox?](repeating: nil, count: detected.count)
        let halfTurn = DeepPage.HalfTurn(below: tuning.deepHalfTurnBelow, sure: tuning.deepHalfTurnSure)
        defer { trace("deep: \(read.compactMap { $0 }.count) lines read in \(ReaderTrace.milliseconds(since: t1)) ms") }
        // Where labels may stand: rows above and one below, or for a page turned a quarter (its
        // lines vertical), the columns either side, as the way the text reads is not known yet.
        var nearRows: [ClosedRange<Double>] = [], nearColumns: [ClosedRange<Double>] = []
        for (i, box) in detected.enumerated() where box.aspect >= tuning.deepValueAspect {
            guard var line = page.read(box, halfTurn: halfTurn) else { continue }
            let digits = line.text.filter(\.isASCIIDigit).count
            if (tuning.deepLongNumber..<15).contains(digits),
               let longer = page.read(box.lengthened(by: tuning.deepLengthening, width: width, height: height), halfTurn: halfTurn),
               longer.text.filter(\.isASCIIDigit).count > digits {
                line = longer
            }
            if Self.holdsTakeableNumber(line.text, tuning: tuning) {
                let b = box.bounds, h = Double(min(b.width, b.height))
                if box.isVertical {
                    nearColumns.append((Double(b.x) - tuning.deepLabelReach * h)...(Double(b.maxX) + tuning.deepLabelReach * h))
                } else {
                    nearRows.append((Double(b.y) - tuning.deepLabelReach * h)...(Double(b.maxY) + h))
                }
            }
            read[i] = line
        }
        for (i, box) in detected.enumerated() where read[i] == nil {
            let b = box.bounds, middle = (x: Double(b.x) + Double(b.width) / 2, y: Double(b.y) + Double(b.height) / 2)
            if nearRows.contains(where: { $0.contains(middle.y) }) || nearColumns.contains(where: { $0.contains(middle.x) }) {
                read[i] = page.read(box, halfTurn: halfTurn)
            }
        }
        return read.compactMap { $0 }
    }

    /// Whether `text` holds a number the label rule could take as an IMEI: 14 to 16 digits
    /// (``ReaderTuning/deepNumberDigits``; groups split by single spaces), not an EID's 32 nor an
    /// ICCID's 19 or 20. Pure.
    static func holdsTakeableNumber(_ text: String, tuning: ReaderTuning) -> Bool {
        LineLabels.digitRuns(Array(text), from: 0, hex: false).contains { (tuning.deepNumberDigits...16).contains($0.digits.count) }
    }

    /// Whether `lines` hold a number of exactly 15 digits (groups split by single spaces) that
    /// is none of the IMEIs `read`. Pure.
    static func holdsUnclaimedNumber(_ lines: [TextBox], read: [String]) -> Bool {
        lines.contains { line in
            LineLabels.digitRuns(Array(line.text), from: 0, hex: false).contains { $0.digits.count == 15 && !read.contains($0.digits) }
        }
    }

    /// Whether the deep reader's `failing` values settle its page against Tesseract's passes,
    /// though not all confirmed: each read surely (every glyph at least
    /// ``ReaderTuning/confidentGlyph``, so that the veto drops any later reading of it 1 or 2
    /// digits off) or `settled` (confirmed, or beyond Tesseract: its re-reads of the value's cut
    /// came nowhere near it), every IMEI label among `lines` names one of them, and no line holds
    /// another number the label rule could take (14 to 16 digits, not a failing value nor its
    /// first 14 digits, a MEID). Any IMEI a later pass could add would stand where the deep
    /// reader saw no number at all. Pure.
    static func beyondTesseract(_ failing: [LineLabels.Found], settled: Set<String>, lines: [TextBox], tuning: ReaderTuning) -> Bool {
        guard !failing.isEmpty, failing.allSatisfy({
            $0.digitConfidences.count == 15 && ($0.lowest >= tuning.confidentGlyph || settled.contains($0.value))
        }) else { return false }
        let named = Set(failing.map { $0.labelBox ?? $0.box })
        let labels = lines.indices.filter { LineLabels.findLabel(Array(lines[$0].text)).map { !$0.isMEID } == true }
        guard labels.allSatisfy(named.contains) else { return false }
        let known = Set(failing.flatMap { [$0.value, String($0.value.prefix(14))] })
        return !lines.contains { line in
            LineLabels.digitRuns(Array(line.text), from: 0, hex: false).contains {
                (tuning.deepNumberDigits...16).contains($0.digits.count) && !known.contains($0.digits)
            }
        }
    }

    /// Whether the deep reader's `lines`, none of them a labelled IMEI, show that the page has
    /// none: plenty of lines, and none holding a long number. Pure.
    static func clears(_ lines: [TextBox], tuning: ReaderTuning) -> Bool {
        let longest = lines.map { $0.text.filter(\.isASCIIDigit).count }.max() ?? 0
        return lines.count >= tuning.deepClearingLines && longest < tuning.deepLongNumber
    }

    /// What the deep second opinion made of a page.
    enum DeepVerdict {
        /// It read IMEIs: they are in the evidence.
        case read
        /// It read plenty of text lines (``ReaderTuning/deepClearingLines``) and no number long
        /// enough to be an IMEI cut short (``ReaderTuning/deepLongNumber`` digits): Tesseract's
        /// costlier passes, which read photographed digits worse, have nothing to find.
        case nothingToFind
        /// It read no IMEI, and every labelled value it read as 15 digits fails the Luhn check,
        /// each confirmed digit for digit by a second read (``confirms(_:on:sure:)``): a refusal,
        /// as on a screenshot (``ValueOutcome/refused(_:)``).
        case refused
        /// It read no IMEI, every IMEI label it saw names a value it read as 15 digits failing the
        /// Luhn check, and a second read has not confirmed them all, but Tesseract's passes
        /// cannot change them (``beyondTesseract(_:settled:lines:tuning:)``): a reading of a value
        /// read surely one or two digits off is dropped
        /// (``ReadingEvidence/dropContradicted(sure:reach:)``), and Tesseract did not read the
        /// others anywhere near on their own cuts. So its passes are spared; the deep reader's
        /// reading of the screen set upright, the pass that can, reads them again (`upright`).
        case failsBeyondTesseract
        /// It is not installed, could not read the page, or saw long numbers it could not name.
        case unsure
    }

    /// The deep second opinion's IMEIs, lines and MEID put into `e` (their slots as their
    /// labels state them), when it read IMEIs.
    func readDeep(into e: inout ReadingEvidence) -> DeepVerdict {
        guard deep, let ocr = DeepOCR.shared, let found = deepReading(ocr) else { return .unsure }
        for f in found.failing where f.found.digitConfidences.count == 15 && !e.deepFailing.contains(where: { $0.value == f.found.value }) {
            e.deepFailing.append(ReadingEvidence.DeepFailing(
                value: f.found.value, slot: f.found.slot, confidences: f.found.digitConfidences, box: f.line.bounds))
        }
        // Confirmed: Tesseract read the same digits surely already, or a second read reads them
        // now (``confirms(_:on:sure:)``; the picture packed for it once).
        // Settled: confirmed, or beyond Tesseract's reading (``beyondTesseract(_:settled:lines:tuning:)``).
        var picture: DeepPage?, settled = Set<String>()
        let confirmed = { (f: Failing) -> Bool in
            if e.doubted.contains(where: { $0.value == f.found.value }) { return true }
            if picture == nil { picture = ocr.page(gray, stop: stop) }
            guard let picture else { return false }
            let second = confirms(f, on: picture, sure: f.found.lowest >= tuning.confidentGlyph)
            if second.confirmed || !second.tesseractNear { settled.insert(f.found.value) }
            return second.confirmed
        }
        // Every value is tried, so that each unconfirmed one is known settled or not.
        let seconds = found.imeis.isEmpty ? found.failing.map(confirmed) : []
        let verdict: DeepVerdict
        if !found.imeis.isEmpty {
            verdict = .read
        } else if !seconds.isEmpty, seconds.allSatisfy({ $0 }) {
            verdict = .refused
        } else if Self.beyondTesseract(found.failing.map(\.found), settled: settled, lines: found.lines, tuning: tuning) {
            verdict = .failsBeyondTesseract
        } else {
            return Self.clears(found.lines, tuning: tuning) ? .nothingToFind : .unsure
        }
        // The deep reader's reading stands for the page: its IMEIs, or its failing values' labels
        // left unread (refused when all were confirmed).
        e.sawLabel = true
        e.meid = e.meid ?? found.meid
        e.lines = found.lines
        if verdict == .read {
            e.imeis = found.imeis
            e.unclaimedNumber = Self.holdsUnclaimedNumber(found.lines, read: found.imeis.map(\.value))
        }
        for f in found.failing where verdict != .read {
            if verdict == .refused { e.refuse(ReadingEvidence.Refusal(value: f.found.value, slot: f.found.slot)) }
            e.unreadLabels.append(UnreadLabel(label: f.found.label, box: f.label.array, reason: .luhnFailed))
        }
        return verdict
    }

    /// The `esim` stage: the deep reader's reading of a page that read `e`'s one IMEI and shows
    /// a second slot replaces `e` when it holds that IMEI and another, which keeps its first
    /// channel too (the reading so far stands otherwise).
    func secondSlot(_ e: inout ReadingEvidence) -> String {
        var whole = e
        let verdict = readDeep(into: &whole)
        e.deepFailing = whole.deepFailing
        guard verdict == .read, whole.imeis.count > 1,
              Set(whole.imeis.map(\.value)).isSuperset(of: e.imeis.map(\.value))
        else { return "the bands' IMEI stands" }
        whole.imeis = Self.merged(whole.imeis, e.imeis)
        whole.assignSlots()
        e = whole
        return "\(e.imeis.count) IMEIs"
    }

    /// Whether Tesseract's `lines` hold the word `EID` (an eSIM's identifier). Pure.
    static func showsEID(_ lines: [OCRLine]) -> Bool {
        lines.contains { $0.words.contains { $0.text == "EID" } }
    }

    /// `first` and then what `second` adds: a value both read is one reading, with both
    /// channels (the first's box and label).
    static func merged(_ first: [IMEIReading], _ second: [IMEIReading]) -> [IMEIReading] {
        var out = first
        for reading in second {
            if let i = out.firstIndex(where: { $0.value == reading.value }) {
                out[i].channels += reading.channels.filter { !out[i].channels.contains($0) }
            } else {
                out.append(reading)
            }
        }
        return out
    }
}
