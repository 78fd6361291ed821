import ActivationPipeline
import ActivationVision

extension ScreenReading {
    /// The page read by the deep second opinion: its text lines detected (the page shrunk to
    /// ``ReaderTuning/deepMaxSide``), each read whole, and the label rule over whole lines
    /// (``LineLabels``). Nil when the page cannot be packed for the networks.
    func deepReading(_ deep: DeepOCR) -> (imeis: [IMEIReading], meid: String?)? {
        guard let page = deep.page(gray) else { return nil }
        let boxes = page.lines(maxSide: tuning.deepMaxSide).compactMap { page.read($0) }
        let found = LineLabels.read(boxes)
        trace("deep: \(boxes.count) lines, \(found.imeis.count) labelled IMEIs")
        for b in boxes { trace("  ‖ \(b.text)") }
        let imeis = found.imeis.map { f in
            IMEIReading(
                value: f.value, label: f.label, slot: f.slot, softwareVersion: f.softwareVersion,
                confidence: f.confidence, box: boxes[f.box].bounds.clamped(width: gray.width, height: gray.height).array,
                corrected: false, channels: [IMEIReading.deep])
        }
        return (imeis, found.meid)
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
