import ActivationPipeline
import ActivationVision
import Foundation

extension ScreenReading {
    /// Lines already read on the page at its first scale, and the rows they came from.
    struct Known {
        let rows: [Range<Int>]
        let lines: [OCRLine]
    }

    /// What the number pass found: whether the page is legible (``LabelShapes``), so that what
    /// its bands show is all it shows, and the page read in its bands, with those bands.
    struct NumberSpots {
        let legible: Bool
        /// Nil when the bands were not read: they cover most of the page anyway, or their text
        /// is far from the size Tesseract reads best.
        let read: (page: Page, bands: [Range<Int>])?
        /// The label-shaped words the glyph look found (``LabelShapes``), in the page's pixels.
        var shapes: [PixelRect] = []
    }

    /// Whether the bands' read accounts for every label shape: a word on it reads as a label,
    /// or one word of four letters or digits or more stands across most of it (`IMSI`,
    /// `ICCID`, `SEID`, a digit group: the glyph look's shapes are loose). A shape read as
    /// less (`) met l` for `IMEI` in `dev-hard/0135`, whose IMEI1 a verdict lost so; also
    /// `SIM`) may be a label whose slot no band showed. Pure.
    static func labelShapesRead(_ shapes: [PixelRect], lines: [OCRLine]) -> Bool {
        let words = lines.flatMap(\.words)
        return shapes.allSatisfy { shape in
            words.contains { w in
                guard w.box.intersects(shape) else { return false }
                let across = min(w.box.maxX, shape.maxX) - max(w.box.x, shape.x)
                return IdentifierLabel.parse(w.text) != nil || (across * 4 >= shape.width * 3 && w.text.filter { $0.isLetter || $0.isNumber }.count >= 4)
            }
        }
    }

    /// The page read only in the bands around its long numbers (``NumberBands``) and its
    /// label-shaped words (``LabelShapes``), stacked into one small image cut from the page
    /// with its ground flattened. Nil when there is no such band on a page that is not legible.
    func numberPass(on page: Image, scale: Double) -> NumberSpots? {
        guard let (pieces, flat) = darkPieces(of: page, scale: scale) else { return nil }
        let glyphs = NumberBands.joined(pieces)
        let legible = LabelShapes.legible(pieces: pieces, glyphs: glyphs, pageHeight: page.height)
        let source = PageFrame([.quarterTurns(0, width: gray.width, height: gray.height)])
        // Labels get bands of their own on a legible page only: elsewhere a band reaches
        // above each number for its label, and label shapes on a broken page are noise.
        let labels = legible ? LabelShapes.words(glyphs: glyphs, pageHeight: page.height) : []
        let labelBands = labels.map { box in
            let margin = Int(Double(box.height) * NumberBands.margin)
            return (rows: max(0, box.y - margin)..<min(page.height, box.maxY + margin), height: box.height)
        }
        let numberBands = NumberBands.bands(glyphs: pieces, pageHeight: page.height, labels: legible ? labels : nil)
        let bands = NumberBands.merged((numberBands + labelBands).sorted { $0.rows.lowerBound < $1.rows.lowerBound })
        trace("number pass: legible=\(legible) labels=\(labels.count) bands \(bands.map { "\($0.rows)@\($0.height)" })")
        if bands.isEmpty {
            guard legible else { return nil }
            return NumberSpots(legible: true, read: (Page(image: page, scale: scale, source: gray, sourceFrame: source, lines: [], values: []), []))
        }
        let covered = bands.reduce(0) { $0 + $1.rows.count }
        guard Double(covered) < Double(page.height) * tuning.maxBandShare,
              bands.allSatisfy({ tuning.textHeightRange.contains(Double($0.height)) }),
              let (stack, placed) = flat.stackingRows(bands.map(\.rows), gap: tuning.bandGap)
        else { return legible ? NumberSpots(legible: true, read: nil) : nil }
        // Back to page rows: each box moves with the band its middle falls in.
        let stacked = PageFrame([.stacked(placed)])
        let lines = engine.recognize(stack, mode: .block, stop: stop).map { $0.movingBoxes(stacked.back) }
        let values = ValueLocator.locate(lines, pageWidth: page.width, pageHeight: page.height)
        trace("  labels read=\(values.count)")
        for l in lines { trace("  | \(l.text)") }
        let read = Page(image: page, scale: scale, source: gray, sourceFrame: source, lines: lines, values: values)
        return NumberSpots(legible: legible, read: (read, placed.map(\.rows)), shapes: labels)
    }

    /// The dark pieces of `page` (the picture scaled by `scale`) and the page flattened. On a
    /// page enlarged for reading, the pieces are found in the picture at its own size and
    /// scaled: enlarging greys a 1-pixel stroke (a terminal font's diagonal in a `2`) until the
    /// threshold cuts its glyph in two, and the number's run of glyphs with it.
    private func darkPieces(of page: Image, scale: Double) -> (boxes: [PixelRect], flat: Image)? {
        guard scale > 1 else { return page.darkComponents() }
        guard let native = gray.darkComponents(), let flat = page.backgroundNormalized() else { return nil }
        return (native.boxes.map { $0.scaled(by: scale) }, flat)
    }

    /// Reads the whole page once at a text size near the target; retries at a corrected
    /// scale if the text came out far from it, and turned by quarter turns if nothing
    /// legible came out at all.
    /// `read`: that first read, when already made.
    func firstPass(normalize: Bool, scaled: Image? = nil, known: Known? = nil, read: Page? = nil) -> Page? {
        var scale = pageScale(gray)
        guard var page = read ?? pass(on: gray, turns: 0, scale: scale, normalize: normalize, scaled: scaled, known: known)
        else { return nil }
        let retry = tuning.retryScaleRange
        if let h = medianTextHeight(page.lines), !tuning.textHeightRange.contains(h) {
            scale = min(retry.upperBound, max(retry.lowerBound, scale * tuning.targetTextHeight / h))
            if let again = pass(on: gray, turns: 0, scale: scale, normalize: normalize) { page = again }
        }
        // No label and little upright text: the picture may be turned in its pixels.
        // Tesseract then reads some lines as vertical text, so only confident words wider
        // than tall count as upright.
        guard page.values.isEmpty, uprightWords(page.lines) < tuning.uprightWordsNeeded else { return page }
        var best = page
        // Small text (a screen photographed from afar): read closer before turning.
        if let zoomed = pass(on: gray, turns: 0, scale: min(retry.upperBound, scale * tuning.zoomFactor), normalize: normalize) {
            if !zoomed.values.isEmpty { return zoomed }
            if uprightWords(zoomed.lines) >= tuning.uprightWordsNeeded { return zoomed }
        }
        for turns in tuning.turns {
            guard let turned = gray.rotated(quarterTurns: turns) else { continue }
            guard let candidate = pass(on: turned, turns: turns, scale: pageScale(turned), normalize: normalize) else { continue }
            if !candidate.values.isEmpty { return candidate }
            if uprightWords(candidate.lines) > uprightWords(best.lines) + tuning.turnMargin { best = candidate }
        }
        return best
    }

    /// One full read of `source` (the picture turned by `turns`) at `scale` (`scaled`: that
    /// scaling, when already made; `known`: lines already read on it, whose rows are not read
    /// again).
    func pass(
        on source: Image, turns: Int, scale: Double, normalize: Bool, scaled: Image? = nil, known: Known? = nil
    ) -> Page? {
        guard let scaled = scaled ?? source.scaled(by: scale) else { return nil }
        let image = normalize ? (scaled.backgroundNormalized() ?? scaled) : scaled
        let t0 = Date()
        var lines: [OCRLine]
        if let known, let rest = image.blanking(rows: known.rows) {
            lines = (known.lines + engine.recognize(rest, mode: .block, stop: stop)).sorted { $0.box.y < $1.box.y }
        } else {
            lines = engine.recognize(image, mode: .block, stop: stop)
        }
        trace("  page recognize \(ReaderTrace.milliseconds(since: t0)) ms")
        // Words read as vertical text (taller than wide) come from a page turned the wrong way.
        let horizontal = lines.map { line in
            OCRLine(words: line.words.filter { $0.text.count < tuning.minWordLength || $0.box.width >= $0.box.height }, box: line.box)
        }
        let values = ValueLocator.locate(horizontal, pageWidth: image.width, pageHeight: image.height)
        trace("pass norm=\(normalize) turns=\(turns) scale=\(scale) \(image.width)x\(image.height) labels=\(values.count)")
        for l in lines { trace("  | \(l.text)   \(l.words.map { "\($0.text)@\($0.box.array)" })") }
        let frame = PageFrame([.quarterTurns(turns, width: source.width, height: source.height)])
        return Page(image: image, scale: scale, source: source, sourceFrame: frame, lines: lines, values: values)
    }

    /// The median height of the words read with some confidence, nil with too few of them.
    private func medianTextHeight(_ lines: [OCRLine]) -> Double? {
        let heights = lines.flatMap(\.words)
            .filter { $0.confidence > tuning.measuredWord && $0.text.count >= tuning.minWordLength }
            .map { Double($0.box.height) }
            .sorted()
        guard heights.count >= tuning.measuredWords else { return nil }
        return heights[heights.count / 2]
    }

    /// Whether `page`, read whole, shows no IMEI to find: plenty of confident words and little
    /// junk (glare reads as junk), no label, a confident word in each of the number pass's
    /// `bands` (every long run on the page was read as something), and every long number (13
    /// or more digits, letters that stand for digits counted) read cleanly and left without a
    /// label by the deep reader's own tilt-tolerant rule (``LineLabels``) too. A photographed
    /// settings or chat page without an IMEI, an order number in a chat. Not a page that shows
    /// the word IMEI in any case and an IMEI-shaped number (``showsIMEIShapedNumber(_:)``): a
    /// label the passes' rule did not take may name it (a spreadsheet's `imei1` column), which is
    /// the deep reader's to say.
    func noIMEI(on page: Page, bands: [Range<Int>]) -> Bool {
        guard !bands.isEmpty, page.values.isEmpty, confidentWords(page.lines) >= tuning.legibleWords,
              confidentText(page.lines), !Self.missedIdentifierValues(page.lines),
              !(Self.showsIMEIWord(page.lines) && Self.showsIMEIShapedNumber(page.lines))
        else { return false }
        let covered = bands.allSatisfy { rows in
            page.lines.contains { line in
                rows.overlaps(line.box.y..<line.box.maxY)
                    && line.words.contains { $0.confidence > tuning.confidentWord && $0.text.count >= tuning.minWordLength }
            }
        }
        guard covered else { return false }
        for line in page.lines {
            let numberish = line.words.filter { word in word.text.filter(\.isASCIIDigit).count * 2 >= word.text.count }
            let digits = numberish.reduce(0) { $0 + $1.text.filter { $0.isASCIIDigit || ValueLocator.digitLookalikes.contains($0) }.count }
            guard digits >= tuning.plainTextDigits else { continue }
            let clean = numberish.allSatisfy { word in
                word.confidence > tuning.confidentWord && word.text.allSatisfy { $0.isASCIIDigit || $0 == "/" || $0 == "-" }
            }
            guard clean else { return false }
        }
        let found = generalRule(page.lines).found
        return found.imeis.isEmpty && found.meid == nil
    }

    /// Whether `lines` name a device identifier other than the IMEI (ICCID, IMSI, MEID, EID, a
    /// serial number; `I` look-alikes and a lost first `I`, "CCID", tolerated) and yet hold no
    /// word of 6 digits or more: a device-identity page whose values the read missed (a MIUI
    /// Status page photographed, its grey values too faint for Tesseract: only the labels came
    /// out), and with them perhaps the IMEI's row. Such a page's "no IMEI" is the deep reader's
    /// to say. An identity page whose values were read (an iOS About page without IMEI: its
    /// Wi-Fi address, its serial number) stays plain text. Measured: `samples/photos-random/0020`
    /// read (35 → 36/40); two dev-photo pages without an IMEI now pay for a deep read (their
    /// answer unchanged); every other sample and corpus file unchanged. Pure.
    static func missedIdentifierValues(_ lines: [OCRLine]) -> Bool {
        let words = lines.flatMap(\.words)
        let named = words.contains { IdentifierLabel.namesOtherIdentifier($0.text) }
        return named && !words.contains { $0.text.filter(\.isASCIIDigit).count >= 6 }
    }

    /// Whether a word of `lines` holds the letters IMEI, in any case (`imei1`, `Imei:`, a grid
    /// line read as `jimei1`). Pure.
    static func showsIMEIWord(_ lines: [OCRLine]) -> Bool {
        lines.contains { $0.words.contains { $0.text.uppercased().contains("IMEI") } }
    }

    /// Whether a word of `lines` is what OCR leaves of the word IMEI when it breaks it: an `I`
    /// look-alike other than `I` before `MEI` (`|MEI/Serial`), or `IME` alone, its last letter
    /// lost. A label the bands could not take. Pure.
    static func showsBrokenIMEIWord(_ lines: [OCRLine]) -> Bool {
        lines.contains {
            $0.words.contains { word in
                let upper = Array(word.text.uppercased())
                return String(upper.filter(\.isLetter)) == "IME" || upper.indices.dropLast(3).contains { i in
                    upper[i] != "I" && IdentifierLabel.iLike.contains(upper[i]) && upper[i + 1] == "M" && upper[i + 2] == "E" && upper[i + 3] == "I"
                }
            }
        }
    }

    /// Whether the words read (of three or more characters) mostly read with confidence: an
    /// upside-down or mirrored page reads as junk. True when nothing was read at all.
    func confidentText(_ lines: [OCRLine]) -> Bool {
        let words = lines.flatMap(\.words).filter { $0.text.count >= tuning.minWordLength }
        let confident = words.filter { $0.confidence >= tuning.confidentText }.count
        return Double(confident) >= Double(words.count) * tuning.confidentTextShare
    }

    /// How many words of three letters or more the engine was sure of.
    func confidentWords(_ lines: [OCRLine]) -> Int {
        lines.flatMap(\.words).filter {
            $0.confidence > tuning.confidentWord && $0.text.filter(\.isLetter).count >= tuning.wordLetters
        }.count
    }

    /// How many such words stand upright (wider than tall).
    private func uprightWords(_ lines: [OCRLine]) -> Int {
        lines.flatMap(\.words).filter {
            $0.confidence > tuning.uprightWord && $0.text.filter(\.isLetter).count >= tuning.wordLetters
                && $0.box.width > $0.box.height
        }.count
    }
}
