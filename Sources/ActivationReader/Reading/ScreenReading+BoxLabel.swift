import ActivationPipeline
import ActivationVision
import Foundation

extension ScreenReading {
    /// The rows apart at which a box label's barcodes are scanned: its bars stand a few
    /// millimetres tall, so every other row finds them, and on a big photo (short side over
    /// 1500 px) every third. Pure.
    static func labelRowStep(width: Int, height: Int) -> Int {
        min(width, height) > 1500 ? 3 : 2
    }

    /// What a box label adds to its IMEIs, on a picture that is not a legible screen and shows
    /// a retail barcode (EAN-13): every barcode on it, tied to the line it stands by
    /// (``BarcodeTies``), and the serial number and EID (``BoxLabelFields``) from the deep
    /// lines (read now if the IMEIs came from Tesseract, adding the IMEIs they name). An IMEI's barcode that reads the same
    /// adds its channel; one that disagrees wins only when Luhn-valid, and the reading then says
    /// `corrected` with the barcode as its only channel. Returns what it found, in a few words.
    /// Blocks the caller's thread.
    func readBoxLabel(_ outcome: inout ReadingEvidence) -> String {
        guard let barcodes, !outcome.imeis.isEmpty else { return "no IMEI" }
        let t0 = Date()
        let step = Self.labelRowStep(width: gray.width, height: gray.height)
        // A retail box prints its EAN-13 (or UPC) beside the label; a screen does not. Its bars
        // stand taller still, so the look for it skips more rows. A label on a dark box turned
        // the gray inverse: its bars print dark on the picture.
        let look = max(step, tuning.retailRowStep)
        var picture = gray
        if barcodes.scan(picture, retailOnly: true, rowStep: look).isEmpty {
            guard inverted, let printed = gray.inverted(), !barcodes.scan(printed, retailOnly: true, rowStep: look).isEmpty else {
                trace("box label: no EAN-13 \(ReaderTrace.milliseconds(since: t0)) ms")
                return "no EAN-13"
            }
            picture = printed
        }
        let codes = barcodes.scan(picture, rowStep: step - 1)
        trace("box label: \(codes.count) barcodes \(ReaderTrace.milliseconds(since: t0)) ms")
        // The IMEIs came from Tesseract: the deep lines, read now for the fields, may name an
        // IMEI line it missed (every IMEI line of the label is read, in any layout).
        if outcome.lines == nil, deep, let ocr = DeepOCR.shared, let found = deepReading(ocr) {
            outcome.lines = found.lines
            outcome.meid = outcome.meid ?? found.meid
            outcome.imeis = Self.merged(outcome.imeis, found.imeis)
            outcome.assignSlots()
        }
        let fields = BoxLabelFields.read(outcome.lines ?? [])
        let values = Set(outcome.imeis.map(\.value))
        let boxes = outcome.imeis.map { reading in
            let b = reading.box.count == 4 ? reading.box : [0, 0, 0, 0]
            return PixelRect(x: b[0], y: b[1], width: b[2], height: b[3])
        }
        var ties = zip(boxes, outcome.imeis).map { box, reading in
            BarcodeTies.Line(box: box, text: reading.value) { IMEI.isValid($0) && !values.contains($0) }
        }
        ties += fields.map { field in
            BarcodeTies.Line(box: field.box, text: field.value) { code in
                switch field.kind {
                case .eid: EID.isValid(code)
                // OCR confuses O and 0, B and 8 in serials: a barcode that differs in a few
                // places at the same length is the same serial, read exactly.
                case .serialNumber: code.count == field.value.count && zip(code, field.value).filter { $0 != $1 }.count <= 3
                }
            }
        }
        // IMEI labels whose value no channel read yet: a Luhn-valid barcode by one counts alone.
        let bare = (outcome.lines ?? []).compactMap { line -> (LineLabels.Label, PixelRect)? in
            let b = line.bounds
            guard let label = LineLabels.findLabel(Array(line.text)), !label.isMEID, !boxes.contains(where: { $0.intersects(b) })
            else { return nil }
            return (label, b)
        }
        ties += bare.map { BarcodeTies.Line(box: $0.1, text: nil) { IMEI.isValid($0) && !values.contains($0) } }
        let tied = BarcodeTies.tie(ties, codes)
        for (i, c) in tied.prefix(boxes.count).enumerated() {
            guard let c else { continue }
            if codes[c].text == outcome.imeis[i].value {
                if !outcome.imeis[i].channels.contains(IMEIReading.barcode) { outcome.imeis[i].channels.append(IMEIReading.barcode) }
            } else {
                outcome.imeis[i].value = codes[c].text
                outcome.imeis[i].channels = [IMEIReading.barcode]
                outcome.imeis[i].corrected = true
                outcome.imeis[i].confidence = tuning.suppliedConfidence
            }
        }
        for (field, c) in zip(fields, tied.dropFirst(boxes.count)) {
            let code = c.map { codes[$0].text }
            let value = code ?? field.value
            guard field.kind == .serialNumber || EID.isValid(value) else { continue }
            let channels = code == nil ? [IMEIReading.deep] : code == field.value ? [IMEIReading.deep, IMEIReading.barcode] : [IMEIReading.barcode]
            let read = LabelField(value: value, channels: channels)
            switch field.kind {
            case .serialNumber: outcome.serialNumber = read
            case .eid: outcome.eid = read
            }
        }
        for ((label, box), c) in zip(bare, tied.suffix(bare.count)) {
            guard let c else { continue }
            outcome.imeis.append(IMEIReading(
                value: codes[c].text, label: label.text, slot: label.slot, softwareVersion: nil, confidence: tuning.suppliedConfidence,
                box: box.array, corrected: true, channels: [IMEIReading.barcode]))
        }
        // An IMEI barcode tied to no line: its line was lost (a 12-megapixel label shrunk for
        // the detector, the line between two barcodes); its caption is read on its own.
        let untied = codes.indices.filter { c in !tied.contains(c) && IMEI.isValid(codes[c].text) }
        for c in untied where !outcome.imeis.contains(where: { $0.value == codes[c].text }) {
            if let reading = captioned(codes[c], on: picture) { outcome.imeis.append(reading) }
        }
        outcome.assignSlots()
        return "\(codes.count) barcodes, \(fields.count) fields"
    }
}
