import ActivationPipeline
import ActivationVision
import Foundation

extension ScreenReading {
    /// The crop of the value, in source pixels, and the factor that brings its digits to
    /// the target height.
    private func cropGeometry(_ value: LabelledValue, on page: Page) -> (rect: PixelRect, factor: Double) {
        let heights = value.words.map { Double($0.box.height) }.sorted()
        let pageHeight = heights.isEmpty ? Double(value.textHeight) : heights[heights.count / 2]
        let h = max(tuning.minDigitHeight, pageHeight / page.scale)
        var rect = page.scaling.back(value.region)
        let padY = Int(h * tuning.cropPadding)
        // Left: a little margin, but never back over the label or a separator before the value.
        var left = rect.x - Int(h * tuning.cropLeadIn)
        if value.sameRow { left = max(left, Int(Double(value.fence.left) / page.scale + h * tuning.fenceClearance)) }
        // Right: room for digits the first pass cut off, up to the next word on the row.
        let fenceRight = min(Double(value.fence.right), Double(page.image.width)) / page.scale - h * tuning.fenceClearance
        // A value the first pass cut short gets room for the digits it is missing.
        let seen = value.firstPassText
        let digitsSeen = seen.filter(\.isASCIIDigit).count
        var reach = rect.maxX + Int(h * tuning.cropReach)
        if (1..<15).contains(digitsSeen) {
            let charWidth = Double(rect.width) / Double(max(1, seen.count))
            let expected = seen.contains(" ") ? tuning.cutShortSpacedGlyphs : tuning.cutShortGlyphs
            reach = max(reach, rect.x + Int(charWidth * expected * tuning.cutShortSlack))
        }
        let right = min(reach, Int(max(0, fenceRight)))
        rect = PixelRect(x: left, y: rect.y - padY, width: max(1, max(right, rect.maxX) - left), height: rect.height + 2 * padY)
        return (rect, tuning.targetTextHeight / h)
    }

    /// The value's crop read again at `heightFactor` times the target height, with the
    /// engine's alternatives; the read, and how the crop was made from the reading's picture.
    private func reRead(_ value: LabelledValue, on page: Page, heightFactor: Double, whitelist: String) -> (ValueRead, PageFrame)? {
        let (rect, factor0) = cropGeometry(value, on: page)
        let factor = factor0 * heightFactor
        guard let crop = page.source.cropped(to: rect), var scaled = crop.scaled(by: factor) else { return nil }
        if scaled.meanGray() < tuning.darkCropMean, let inv = scaled.inverted() { scaled = inv }
        let t0 = Date()
        let lines = engine.recognize(scaled, mode: .line, whitelist: whitelist, choices: true, stop: stop)
        trace("  crop recognize \(scaled.width)x\(scaled.height) \(ReaderTrace.milliseconds(since: t0)) ms")
        if let dir = trace.dumpDirectory { scaled.dump(to: dir + "/crop-\(value.label.text)-\(heightFactor).png") }
        let read = ValueRead(lines: lines)
        trace("  reread \(value.label.text) x\(heightFactor) rect=\(rect.array) words=\(value.words.map(\.text)): '\(read.value)' sv=\(read.softwareVersion ?? "-") min=\(read.minConfidence)")
        return (read, page.frame(crop: rect, factor: factor))
    }

    /// The first pass's own glyphs for the value, when they need no second look: 15 digits
    /// (or `digits` for a MEID) that the engine read with high confidence, not glued to a label.
    private func confidentFirstPass(_ value: LabelledValue, digits: Int) -> ValueRead? {
        guard value.label.gluedValue == nil, !value.words.isEmpty else { return nil }
        let read = ValueRead(lines: [OCRLine(words: value.words, box: value.region)])
        let clean = value.words.allSatisfy { $0.text.allSatisfy { $0.isASCIIDigit || $0 == "/" } }
        guard clean, read.digits.count == digits, read.minConfidence >= tuning.confidentGlyph else { return nil }
        return read
    }

    /// What reading a labelled IMEI value gave.
    enum ValueOutcome {
        /// A valid IMEI.
        case read(IMEIReading)
        /// Fifteen digits the first pass read with confident glyphs, that a re-read of their
        /// crop read again digit for digit, and that fail the Luhn check: a verdict (an altered
        /// screenshot, a value typed wrong), not a value still to find. No later pass runs for it.
        case refused(String)
        /// No valid number: a later pass may still read one.
        case unread

        /// The IMEI read, if any.
        var reading: IMEIReading? {
            if case .read(let reading) = self { reading } else { nil }
        }
    }

    /// The IMEI of a labelled value: the first pass's when it is sure, else a re-read at up to
    /// three scales, or a correction to the engine's own alternatives that keeps what the
    /// first pass read or comes out at two scales. A sure read (the first pass's, or the first
    /// re-read's with confident glyphs) that fails the Luhn check and that the next re-read
    /// confirms digit for digit is refused (``ValueOutcome/refused(_:)``): at once when `refuse`
    /// allows (a legible page), else only when no later re-read gives a valid IMEI, as on a photo
    /// two reads by the same engine can agree on a wrong digit (`dev-photo/0026`).
    func readIMEI(_ value: LabelledValue, on page: Page, refuse: Bool) -> ValueOutcome {
        var sure = confidentFirstPass(value, digits: 15)
        if let read = sure, read.isValidIMEI {
            let confidence = read.digits.map(\.confidence).reduce(0, +) / 15
            return .read(reading(read, value: read.value, label: value.label, frame: page.frame, confidence: confidence, corrected: false))
        }
        let firstPass = value.firstPassText.filter(\.isASCIIDigit)
        // A first pass cut short vouches for nothing, but what it did read must not be
        // contradicted: a value that does not begin with its digits needs two scales.
        func unvouched(_ candidate: String) -> Bool {
            firstPass.count < tuning.vouchingDigits && candidate.hasPrefix(firstPass)
        }
        var corrections: [String: Int] = [:]
        var earlier: [String] = []
        var confirmed: String?
        for heightFactor in tuning.rereadHeightFactors {
            guard let (read, frame) = reRead(value, on: page, heightFactor: heightFactor, whitelist: "0123456789 /")
            else { continue }
            if let sure, Self.confirmsRefusal(read, of: sure) {
                if refuse { return .refused(sure.value) }
                confirmed = sure.value
            }
            // A re-read is sure as the first pass would be: confident glyphs, 15 of them, keeping
            // what the first pass read, if it read any; the next re-read may confirm its refusal.
            if sure == nil, read.digits.count == 15, read.minConfidence >= tuning.confidentGlyph,
               firstPass.isEmpty || Self.agree(read.value, firstPass: value.firstPassText) {
                sure = read
            }
            if read.isValidIMEI {
                // A re-read that contradicts digits the first pass saw must come out the
                // same at two scales: two misread digits can pass Luhn.
                let agrees = Self.agree(read.value, firstPass: value.firstPassText)
                defer { earlier.append(read.value) }
                guard agrees || unvouched(read.value) || earlier.contains(read.value) else { continue }
                let confidence = min(1, read.digits.map(\.confidence).reduce(0, +) / 15 * (agrees ? 1 : tuning.contradictedFactor))
                return .read(reading(read, value: read.value, label: value.label, frame: frame, confidence: confidence, corrected: false))
            }
            for c in read.corrections(margin: tuning.alternativeMargin) { corrections[c, default: 0] += 1 }
            // A correction, too, must keep what the first pass read or come out at two scales.
            if corrections.count == 1, let (only, times) = corrections.first, heightFactor != tuning.rereadHeightFactors.first,
               Self.agree(only, firstPass: value.firstPassText) || unvouched(only) || times >= 2 {
                return .read(reading(read, value: only, label: value.label, frame: frame,
                                     confidence: read.minConfidence * tuning.correctedFactor, corrected: true))
            }
        }
        return confirmed.map(ValueOutcome.refused) ?? .unread
    }

    /// Whether the deep recogniser, reading `value`'s crop (the one Tesseract's re-reads cut) on
    /// its own, reads the 15 digits `refused` with confident glyphs: a second, independent engine
    /// confirming Tesseract's refusal on a page that is not legible, where two reads by the same
    /// engine can agree on a wrong digit. One recognition, no detection: a refused small or
    /// photographed page costs about what its untampered twin does (`samples/tampered`).
    /// Blocks while the network runs.
    func deepConfirms(_ refused: String, of value: LabelledValue, on page: Page) -> Bool {
        guard let crop = page.source.cropped(to: cropGeometry(value, on: page).rect) else { return false }
        let confirmed = deepReads(refused, in: crop)
        trace("  deep confirm \(value.label.text): \(confirmed)")
        return confirmed
    }

    /// The refusal rule: a re-read confirms a sure read of 15 digits (the first pass's,
    /// ``confidentFirstPass(_:digits:)``, or an earlier re-read's) that fails the Luhn check
    /// when it reads the same 15 digits. Two independent
    /// reads of confident glyphs that agree leave nothing for a costlier pass to change; a
    /// tampered page then costs about what its untampered twin does (`samples/tampered`). Pure.
    static func confirmsRefusal(_ reread: ValueRead, of sure: ValueRead) -> Bool {
        sure.digits.count == 15 && !sure.isValidIMEI && reread.value == sure.value
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

    /// The 14 digits of a labelled MEID: the first pass's when it is sure, else one re-read.
    func readMEID(_ value: LabelledValue, on page: Page) -> String? {
        if let read = confidentFirstPass(value, digits: 14) { return read.value }
        guard let (read, _) = reRead(value, on: page, heightFactor: 1, whitelist: "0123456789") else { return nil }
        return read.digits.count == 14 ? read.value : nil
    }

    /// Builds the reported reading, with its box mapped back to the reading's picture by
    /// `frame`, the frame of the image `read` was read on.
    private func reading(
        _ read: ValueRead, value: String, label: IdentifierLabel, frame: PageFrame, confidence: Double, corrected: Bool
    ) -> IMEIReading {
        let box = frame.back(read.box ?? PixelRect(x: 0, y: 0, width: 0, height: 0))
        return IMEIReading(
            value: value, label: label.text, slot: label.slot, softwareVersion: read.softwareVersion,
            confidence: confidence, box: box.array, corrected: corrected)
    }
}
