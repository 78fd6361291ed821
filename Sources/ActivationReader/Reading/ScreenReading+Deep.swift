import ActivationPipeline
import ActivationVision

extension ScreenReading {
    /// The page read by the deep second opinion: its text lines detected (the page shrunk to
    /// ``ReaderTuning/deepMaxSide``; a smaller one enlarged to it, at most
    /// ``ReaderTuning/deepMaxGrowth`` times, so that its text stands tall enough to detect),
    /// each read whole, and the label rule over whole lines (``LineLabels``). Nil when the page
    /// cannot be packed for the networks.
    func deepReading(_ deep: DeepOCR) -> (imeis: [IMEIReading], meid: String?, lines: [TextBox])? {
        let grow = min(tuning.deepMaxGrowth, Double(tuning.deepMaxSide) / Double(max(gray.width, gray.height)))
        guard let image = grow > tuning.deepMinGrowth ? gray.scaled(by: grow) : gray, let page = deep.page(image, stop: stop) else { return nil }
        let boxes = readLines(page, width: image.width, height: image.height)
        let back = Double(gray.width) / Double(image.width)
        let found = LineLabels.read(boxes)
        let lines = boxes.map { b in TextBox(text: b.text, corners: b.corners.map { $0 * back }, confidences: b.confidences) }
        trace("deep: \(boxes.count) lines, \(found.imeis.count) labelled IMEIs")
        for b in boxes { trace("  ‖ \(b.text) (aspect \(Int(b.aspect.rounded())))") }
        let imeis = found.imeis.map { f in
            IMEIReading(
                value: f.value, label: f.label, slot: f.slot, softwareVersion: f.softwareVersion,
                confidence: f.confidence, box: lines[f.box].bounds.clamped(width: gray.width, height: gray.height).array,
                corrected: false, channels: [IMEIReading.deep])
        }
        return (imeis, found.meid, lines)
    }

    /// The page's lines read: first the lines long enough to hold 15 digits; then, only around
    /// the long numbers found (``ReaderTuning/deepLabelReach`` line heights above, one below,
    /// or either side of a vertical one: where the label rule looks for their labels), the
    /// rest. Without a long number there is no IMEI to find. A number the detector cut short
    /// (``ReaderTuning/deepLongNumber`` to 14 digits) is read again from a box lengthened at
    /// both ends.
    private func readLines(_ page: DeepPage, width: Int, height: Int) -> [TextBox] {
        let detected = page.lines(maxSide: tuning.deepMaxSide)
        var read = [TextBox?](repeating: nil, count: detected.count)
        // Where labels may stand: rows above and one below, or for a page turned a quarter (its
        // lines vertical), the columns either side, as the way the text reads is not known yet.
        var nearRows: [ClosedRange<Double>] = [], nearColumns: [ClosedRange<Double>] = []
        for (i, box) in detected.enumerated() where box.aspect >= tuning.deepValueAspect {
            guard var line = page.read(box) else { continue }
            let digits = line.text.filter(\.isASCIIDigit).count
            if (tuning.deepLongNumber..<15).contains(digits),
               let longer = page.read(box.lengthened(by: tuning.deepLengthening, width: width, height: height)),
               longer.text.filter(\.isASCIIDigit).count > digits {
                line = longer
            }
            if line.text.filter(\.isASCIIDigit).count >= tuning.deepNumberDigits {
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
                read[i] = page.read(box)
            }
        }
        return read.compactMap { $0 }
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
        /// It is not installed, could not read the page, or saw long numbers it could not name.
        case unsure
    }

    /// The deep second opinion's IMEIs, lines and MEID put into `e` (their slots as their
    /// labels state them), when it read IMEIs.
    func readDeep(into e: inout ReadingEvidence) -> DeepVerdict {
        guard deep, let ocr = DeepOCR.shared, let found = deepReading(ocr) else { return .unsure }
        guard !found.imeis.isEmpty else { return Self.clears(found.lines, tuning: tuning) ? .nothingToFind : .unsure }
        e.sawLabel = true
        e.meid = e.meid ?? found.meid
        e.lines = found.lines
        e.imeis = found.imeis
        return .read
    }

    /// The `esim` stage: the deep reader's reading of a page whose bands gave `e`'s one IMEI and
    /// whose EID calls for a second replaces `e` when it holds that IMEI and another (the
    /// bands' reading stands otherwise).
    func secondSlot(_ e: inout ReadingEvidence) -> String {
        var whole = e
        guard readDeep(into: &whole) == .read, whole.imeis.count > 1,
              Set(whole.imeis.map(\.value)).isSuperset(of: e.imeis.map(\.value))
        else { return "the bands' IMEI stands" }
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
