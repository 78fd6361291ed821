import ActivationPipeline
import ActivationVision
import Foundation

/// The reading of one upright gray screenshot: first only the bands around its long
/// numbers (``NumberBands``); when those leave an IMEI unaccounted for, the rest of the page
/// (turned, rescaled or flattened if need be) to find the labels; then cheap re-reads of
/// each value's crop at a scale Tesseract likes, with a digit whitelist.
/// Uses the caller's engine, so it runs on the caller's thread and blocks it.
struct ScreenReading {
    let engine: TesseractEngine
    let barcodes: BarcodeScanner?
    let gray: Image
    /// Whether `gray` is already a levelled copy (its text was photographed askew).
    var levelled = false

    /// What the screen gave.
    struct Outcome {
        var imeis: [IMEIReading] = []
        var meid: String?
        var sawLabel = false
    }

    /// A page at one scale and rotation, with what the first pass found on it.
    struct Page {
        let image: Image
        /// Page pixels per pixel of the upright gray source.
        let scale: Double
        let quarterTurns: Int
        let source: Image
        let lines: [OCRLine]
        let values: [LabelledValue]
    }

    static let targetTextHeight = 30.0
    /// The first pass reads the page with its short side at about this many pixels (phone
    /// text then stands 20–30 px tall); 800 reads the dev corpora as well as 1000 for 15%
    /// less CPU.
    static let pageWidth = 800.0
    /// Text smaller or larger than this in the first pass (page pixels) is read again at a
    /// corrected scale.
    static let textHeightRange = 14.0...45.0
    static let debug = ProcessInfo.processInfo.environment["ACTIVATION_DEBUG"] != nil

    func run() -> Outcome {
        var outcome = Outcome()
        var imeis: [IMEIReading] = []
        let scale = Self.pageScale(gray)
        let page = gray.scaled(by: scale)
        // Numbers first: when the label rows around the page's long numbers read in full,
        // the rest of the page is never read.
        var known: Known?
        if let page, let spot = numberPass(on: page, scale: scale) {
            if !spot.page.values.isEmpty {
                outcome.sawLabel = true
                // A first slot read calls for the second, a second for the first: when one
                // row did not stand out as a number (markup, glare), the whole page is read.
                let unread = read(spot.page, into: &imeis, meid: &outcome.meid)
                let stated = Set(imeis.compactMap(\.slot)), first = imeis.contains { ($0.slot ?? 1) == 1 }
                if unread == 0, !imeis.isEmpty, first || !stated.contains(2), !stated.contains(1) || stated.contains(2) {
                    assignSlots(&imeis)
                    outcome.imeis = imeis
                    return outcome
                }
            }
            // Bands that showed no label are not read again; bands whose labels did not all
            // read are, in the context of the whole page.
            if spot.page.values.isEmpty { known = Known(rows: spot.bands, lines: spot.page.lines) }
        }
        var unreadAfterAll = 0
        // First the page as it is; again with its background flattened only when the first
        // pass left a labelled value unread or saw almost no text (grey dialogs, glare).
        for normalize in [false, true] {
            guard let page = normalize ? firstPass(normalize: true) : firstPass(normalize: false, scaled: page, known: known)
            else { break }
            outcome.sawLabel = outcome.sawLabel || !page.values.isEmpty
            let unread = read(page, into: &imeis, meid: &outcome.meid)
            // Legible: labels were found and read, or plenty of text and no label at all.
            let legible = page.values.isEmpty ? confidentWords(page.lines) >= 10 : !imeis.isEmpty
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
        if imeis.isEmpty || unreadAfterAll > 0 {
            for code in barcodeAnchored() where !imeis.contains(where: { $0.value == code.value }) { imeis.append(code) }
        }
        assignSlots(&imeis)
        outcome.imeis = imeis
        return outcome
    }

    /// The reading of the picture turned level, with its boxes turned back; nil when the
    /// picture is level already (within 2°) or no angle is clear.
    private func levelledReading() -> Outcome? {
        guard !levelled, let angle = gray.levellingAngle(), abs(angle) >= 2, let level = gray.turned(degrees: angle)
        else { return nil }
        var outcome = ScreenReading(engine: engine, barcodes: barcodes, gray: level, levelled: true).run()
        for i in outcome.imeis.indices where outcome.imeis[i].box.count == 4 {
            let b = outcome.imeis[i].box
            let box = PixelRect(x: b[0], y: b[1], width: b[2], height: b[3])
            outcome.imeis[i].box = box.turned(degrees: -angle, width: gray.width, height: gray.height).array
        }
        return outcome
    }

    /// Reads every labelled value of `page` into `imeis` (once per number) and `meid`;
    /// returns how many IMEI labels were left without a valid number.
    private func read(_ page: Page, into imeis: inout [IMEIReading], meid: inout String?) -> Int {
        var unread = 0
        for value in page.values {
            // A blind re-read only where there is ink: a title `IMEI` has nothing beside it.
            if value.words.isEmpty, page.image.inkFraction(in: value.region, threshold: 190) < 0.01 { continue }
            switch value.label.kind {
            case .meid:
                if meid == nil { meid = readMEID(value, on: page) }
            case .imei:
                var reading = readIMEI(value, on: page)
                if reading == nil, let code = barcode(under: value, on: page) {
                    reading = supply(code, value: value, on: page)
                }
                guard let reading else {
                    unread += 1
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

    /// The scale that brings the short side of `image` to about ``pageWidth``.
    static func pageScale(_ image: Image) -> Double {
        min(3.0, max(0.3, pageWidth / Double(min(image.width, image.height))))
    }

    /// The last resort when the page gave no IMEI (box-label photos, small or busy screens):
    /// every IMEI-shaped barcode on the image, kept only where the text just above it carries
    /// an IMEI label. The barcode is exact; its number needs the label like any other.
    private func barcodeAnchored() -> [IMEIReading] {
        guard let barcodes else { return [] }
        var found: [IMEIReading] = []
        for code in barcodes.scan(gray) where IMEI.isValid(code.text) && !found.contains(where: { $0.value == code.text }) {
            // zbar's box spans only the scanlines it decoded; the width is what is reliable.
            // The printed number above an IMEI barcode is about as wide as the bars, so its
            // text stands about 6% of that width tall.
            let span = gray.darkRun(alongRow: code.box.y + code.box.height / 2, around: code.box.x + code.box.width / 2)
            let x0 = min(code.box.x, span.lowerBound), x1 = max(code.box.maxX, span.upperBound)
            let w = max(40, x1 - x0)
            let band = PixelRect(x: x0 - w / 8, y: code.box.y - w * 45 / 100, width: w * 5 / 4, height: w * 45 / 100)
            guard let crop = gray.cropped(to: band), let scaled = crop.scaled(by: Self.targetTextHeight / (Double(w) * 0.06))
            else { continue }
            let lines = engine.recognize(scaled, mode: .block)
            if Self.debug { FileHandle.standardError.write(Data("  barcode \(code.box.array) band \(band.array): \(lines.map(\.text))\n".utf8)) }
            guard let label = lines.flatMap(\.words).lazy.compactMap({ IdentifierLabel.parse($0.text) }).first(where: { $0.kind == .imei })
            else { continue }
            let digits = lines.flatMap(\.words).map(\.text).joined().filter(\.isASCIIDigit)
            let agrees = digits.contains(code.text)
            found.append(IMEIReading(
                value: code.text, label: label.text, slot: label.slot, softwareVersion: nil,
                confidence: agrees ? 0.99 : 0.9, box: band.clamped(width: gray.width, height: gray.height).array,
                corrected: !agrees))
        }
        return found
    }

    /// Slots from the labels; unlabelled IMEIs take the next free slot in screen order.
    private func assignSlots(_ imeis: inout [IMEIReading]) {
        var used = Set(imeis.compactMap(\.slot))
        for i in imeis.indices where imeis[i].slot == nil {
            var s = 1
            while used.contains(s) { s += 1 }
            imeis[i].slot = s
            used.insert(s)
        }
        imeis.sort { ($0.slot ?? 9, $0.box[1]) < ($1.slot ?? 9, $1.box[1]) }
    }

    // MARK: First pass

    /// Reads the whole page once at a text size near the target; retries at a corrected
    /// scale if the text came out far from it, and turned by quarter turns if nothing
    /// legible came out at all.
    private func firstPass(normalize: Bool, scaled: Image? = nil, known: Known? = nil) -> Page? {
        var scale = Self.pageScale(gray)
        guard var page = pass(on: gray, turns: 0, scale: scale, normalize: normalize, scaled: scaled, known: known)
        else { return nil }
        if let h = medianTextHeight(page.lines), !Self.textHeightRange.contains(h) {
            scale = min(4.0, max(0.2, scale * Self.targetTextHeight / h))
            if let retry = pass(on: gray, turns: 0, scale: scale, normalize: normalize) { page = retry }
        }
        // No label and little upright text: the picture may be turned in its pixels.
        // Tesseract then reads some lines as vertical text, so only confident words wider
        // than tall count as upright.
        guard page.values.isEmpty, uprightWords(page.lines) < 6 else { return page }
        var best = page
        // Small text (a screen photographed from afar): read closer before turning.
        if let zoomed = pass(on: gray, turns: 0, scale: min(4.0, scale * 2), normalize: normalize) {
            if !zoomed.values.isEmpty { return zoomed }
            if uprightWords(zoomed.lines) >= 6 { return zoomed }
        }
        for turns in [1, 3, 2] {
            guard let turned = gray.rotated(quarterTurns: turns) else { continue }
            guard let candidate = pass(on: turned, turns: turns, scale: Self.pageScale(turned), normalize: normalize) else { continue }
            if !candidate.values.isEmpty { return candidate }
            if uprightWords(candidate.lines) > uprightWords(best.lines) + 3 { best = candidate }
        }
        return best
    }

    /// One full read of `source` at `scale` (`scaled`: that scaling, when already made;
    /// `known`: lines already read on it, whose rows are not read again).
    private func pass(
        on source: Image, turns: Int, scale: Double, normalize: Bool, scaled: Image? = nil, known: Known? = nil
    ) -> Page? {
        guard let scaled = scaled ?? source.scaled(by: scale) else { return nil }
        let image = normalize ? (scaled.backgroundNormalized() ?? scaled) : scaled
        let t0 = Date()
        var lines: [OCRLine]
        if let known, let rest = image.blanking(rows: known.rows) {
            lines = (known.lines + engine.recognize(rest, mode: .block)).sorted { $0.box.y < $1.box.y }
        } else {
            lines = engine.recognize(image, mode: .block)
        }
        if Self.debug { FileHandle.standardError.write(Data("  page recognize \(Int(Date().timeIntervalSince(t0) * 1000)) ms\n".utf8)) }
        // Words read as vertical text (taller than wide) come from a page turned the wrong way.
        let horizontal = lines.map { line in
            OCRLine(words: line.words.filter { $0.text.count < 3 || $0.box.width >= $0.box.height }, box: line.box)
        }
        let values = ValueLocator.locate(horizontal, pageWidth: image.width, pageHeight: image.height)
        if Self.debug {
            FileHandle.standardError.write(Data("pass norm=\(normalize) turns=\(turns) scale=\(scale) \(image.width)x\(image.height) labels=\(values.count)\n".utf8))
            for l in lines { FileHandle.standardError.write(Data("  | \(l.text)   \(l.words.map { "\($0.text)@\($0.box.array)" })\n".utf8)) }
        }
        return Page(image: image, scale: scale, quarterTurns: turns, source: source, lines: lines, values: values)
    }

    private func medianTextHeight(_ lines: [OCRLine]) -> Double? {
        let heights = lines.flatMap(\.words)
            .filter { $0.confidence > 0.6 && $0.text.count >= 3 }
            .map { Double($0.box.height) }
            .sorted()
        guard heights.count >= 3 else { return nil }
        return heights[heights.count / 2]
    }

    private func confidentWords(_ lines: [OCRLine]) -> Int {
        lines.flatMap(\.words).filter { $0.confidence > 0.8 && $0.text.filter(\.isLetter).count >= 3 }.count
    }

    private func uprightWords(_ lines: [OCRLine]) -> Int {
        lines.flatMap(\.words).filter {
            $0.confidence > 0.75 && $0.text.filter(\.isLetter).count >= 3 && $0.box.width > $0.box.height
        }.count
    }

    // MARK: Barcodes

    /// The IMEI barcode printed under `value`, scanning only the band below its row.
    private func barcode(under value: LabelledValue, on page: Page) -> Barcode? {
        guard let barcodes else { return nil }
        let h = value.textHeight
        let left = value.labelBox.x - h
        let band = PixelRect(
            x: left, y: value.labelBox.y, width: max(value.region.maxX, value.labelBox.maxX) + 2 * h - left,
            height: max(value.labelBox.maxY, value.region.maxY) - value.labelBox.y + 5 * h)
        guard let crop = page.image.cropped(to: band) else { return nil }
        let found = barcodes.scan(crop).filter { IMEI.isValid($0.text) }.map { code in
            Barcode(text: code.text, box: PixelRect(x: code.box.x + max(0, band.x), y: code.box.y + max(0, band.y),
                                                    width: code.box.width, height: code.box.height))
        }
        return Barcode.under(value, among: found)
    }

    /// A reading supplied by the barcode when OCR could not read the number: a barcode is
    /// checksummed and exact, and the result says `corrected`.
    private func supply(_ code: Barcode, value: LabelledValue, on page: Page) -> IMEIReading {
        let region = value.region.scaled(by: 1 / page.scale)
        let box = unrotate(region, turns: page.quarterTurns, width: page.source.width, height: page.source.height)
        return IMEIReading(
            value: code.text, label: value.label.text, slot: value.label.slot, softwareVersion: nil,
            confidence: 0.95, box: box.array, corrected: true)
    }

    // MARK: Value re-reads

    /// The crop of the value, in source pixels, and the factor that brings its digits to
    /// the target height.
    private func cropGeometry(_ value: LabelledValue, on page: Page) -> (rect: PixelRect, factor: Double) {
        let heights = value.words.map { Double($0.box.height) }.sorted()
        let pageHeight = heights.isEmpty ? Double(value.textHeight) : heights[heights.count / 2]
        let h = max(4, pageHeight / page.scale)
        var rect = value.region.scaled(by: 1 / page.scale)
        let padY = Int(h * 0.45)
        // Left: a little margin, but never back over the label or a separator before the value.
        var left = rect.x - Int(h * 0.5)
        if value.sameRow { left = max(left, Int(Double(value.fence.left) / page.scale + h * 0.15)) }
        // Right: room for digits the first pass cut off, up to the next word on the row.
        let fenceRight = min(Double(value.fence.right), Double(page.image.width)) / page.scale - h * 0.15
        // A value the first pass cut short gets room for the digits it is missing.
        let seen = value.firstPassText
        let digitsSeen = seen.filter(\.isASCIIDigit).count
        var reach = rect.maxX + Int(h * 1.5)
        if (1..<15).contains(digitsSeen) {
            let charWidth = Double(rect.width) / Double(max(1, seen.count))
            let expected = seen.contains(" ") ? 19.0 : 16.0
            reach = max(reach, rect.x + Int(charWidth * expected * 1.15))
        }
        let right = min(reach, Int(max(0, fenceRight)))
        rect = PixelRect(x: left, y: rect.y - padY, width: max(1, max(right, rect.maxX) - left), height: rect.height + 2 * padY)
        return (rect, Self.targetTextHeight / h)
    }

    private func reRead(_ value: LabelledValue, on page: Page, heightFactor: Double, whitelist: String) -> (ValueRead, PixelRect, Double)? {
        let (rect, factor0) = cropGeometry(value, on: page)
        let factor = factor0 * heightFactor
        guard let crop = page.source.cropped(to: rect), var scaled = crop.scaled(by: factor) else { return nil }
        if scaled.meanGray() < 110, let inv = scaled.inverted() { scaled = inv }
        let t0 = Date()
        let lines = engine.recognize(scaled, mode: .line, whitelist: whitelist, choices: true)
        if Self.debug { FileHandle.standardError.write(Data("  crop recognize \(scaled.width)x\(scaled.height) \(Int(Date().timeIntervalSince(t0) * 1000)) ms\n".utf8)) }
        if let dir = ProcessInfo.processInfo.environment["ACTIVATION_DUMP"] { scaled.dump(to: dir + "/crop-\(value.label.text)-\(heightFactor).png") }
        let read = ValueRead(lines: lines)
        if Self.debug {
            FileHandle.standardError.write(Data("  reread \(value.label.text) x\(heightFactor) rect=\(rect.array) words=\(value.words.map(\.text)): '\(read.value)' sv=\(read.softwareVersion ?? "-") min=\(read.minConfidence)\n".utf8))
        }
        return (read, rect, factor)
    }

    /// The first pass's own glyphs for the value, when they need no second look: 15 digits
    /// (or `digits` for a MEID) that the engine read with high confidence, not glued to a label.
    private func confidentFirstPass(_ value: LabelledValue, digits: Int) -> ValueRead? {
        guard value.label.gluedValue == nil, !value.words.isEmpty else { return nil }
        let read = ValueRead(lines: [OCRLine(words: value.words, box: value.region)])
        let clean = value.words.allSatisfy { $0.text.allSatisfy { $0.isASCIIDigit || $0 == "/" } }
        guard clean, read.digits.count == digits, read.minConfidence >= 0.9 else { return nil }
        return read
    }

    private func readIMEI(_ value: LabelledValue, on page: Page) -> IMEIReading? {
        let origin = PixelRect(x: 0, y: 0, width: 0, height: 0)
        if let read = confidentFirstPass(value, digits: 15), read.isValidIMEI {
            let confidence = read.digits.map(\.confidence).reduce(0, +) / 15
            return reading(read, value: read.value, label: value.label, rect: origin, factor: page.scale,
                           page: page, confidence: confidence, corrected: false)
        }
        let firstPass = value.firstPassText.filter(\.isASCIIDigit)
        var corrections: [String: Int] = [:]
        var earlier: [String] = []
        for heightFactor in [1.0, 1.35, 0.8] {
            guard let (read, rect, factor) = reRead(value, on: page, heightFactor: heightFactor, whitelist: "0123456789 /")
            else { continue }
            if read.isValidIMEI {
                // A re-read that contradicts digits the first pass saw must come out the
                // same at two scales: two misread digits can pass Luhn.
                let agrees = Self.agree(read.value, firstPass: value.firstPassText)
                defer { earlier.append(read.value) }
                guard agrees || firstPass.count < 8 || earlier.contains(read.value) else { continue }
                let confidence = min(1, read.digits.map(\.confidence).reduce(0, +) / 15 * (agrees ? 1 : 0.9))
                return reading(read, value: read.value, label: value.label, rect: rect, factor: factor,
                               page: page, confidence: confidence, corrected: false)
            }
            for c in read.corrections() { corrections[c, default: 0] += 1 }
            // A correction, too, must keep what the first pass read or come out at two scales.
            if corrections.count == 1, let (only, times) = corrections.first, heightFactor != 1.0,
               Self.agree(only, firstPass: value.firstPassText) || firstPass.count < 8 || times >= 2 {
                return reading(read, value: only, label: value.label, rect: rect, factor: factor,
                               page: page, confidence: read.minConfidence * 0.8, corrected: true)
            }
        }
        return nil
    }

    /// Whether `value` keeps every digit the first pass read where it read 15 glyphs (other
    /// glyphs, such as a `g` for a `9`, say nothing); otherwise whether the digits it read
    /// begin with `value` (followed by a software version). A first pass cut short does not
    /// vouch for the digits it missed.
    static func agree(_ value: String, firstPass text: String) -> Bool {
        let glyphs = Array(text.prefix { $0 != "/" }.filter { $0 != " " })
        guard glyphs.count == value.count else { return text.filter(\.isASCIIDigit).hasPrefix(value) }
        return zip(glyphs, value).allSatisfy { !$0.isASCIIDigit || $0 == $1 }
    }

    private func readMEID(_ value: LabelledValue, on page: Page) -> String? {
        if let read = confidentFirstPass(value, digits: 14) { return read.value }
        guard let (read, _, _) = reRead(value, on: page, heightFactor: 1, whitelist: "0123456789") else { return nil }
        return read.digits.count == 14 ? read.value : nil
    }

    /// Builds the reported reading, with its box mapped back to the upright source image.
    private func reading(
        _ read: ValueRead, value: String, label: IdentifierLabel, rect: PixelRect, factor: Double,
        page: Page, confidence: Double, corrected: Bool
    ) -> IMEIReading {
        let local = read.box ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
        var box = local.scaled(by: 1 / factor, dx: rect.x, dy: rect.y)
        box = unrotate(box, turns: page.quarterTurns, width: page.source.width, height: page.source.height)
        return IMEIReading(
            value: value, label: label.text, slot: label.slot, softwareVersion: read.softwareVersion,
            confidence: confidence, box: box.array, corrected: corrected)
    }

    /// Maps a box on an image turned clockwise by `turns` quarter turns back to the unturned
    /// image (`width`×`height` are the turned image's size).
    private func unrotate(_ b: PixelRect, turns: Int, width: Int, height: Int) -> PixelRect {
        switch ((turns % 4) + 4) % 4 {
        case 1: PixelRect(x: b.y, y: width - b.maxX, width: b.height, height: b.width)
        case 2: PixelRect(x: width - b.maxX, y: height - b.maxY, width: b.width, height: b.height)
        case 3: PixelRect(x: height - b.maxY, y: b.x, width: b.height, height: b.width)
        default: b
        }
    }
}
