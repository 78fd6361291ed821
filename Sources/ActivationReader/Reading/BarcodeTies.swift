import ActivationVision

/// Ties the barcodes decoded on a label to the text lines they stand under, over or beside.
/// Pure logic.
///
/// A barcode reading the same as a line is that line's (the two channels agree). The others go
/// to the nearest line that would take their value (an IMEI line takes a Luhn-valid 15-digit
/// code, an EID line a valid EID) when they stand right by it, nearest first, one barcode a line.
enum BarcodeTies {
    /// A text line to tie: where it stands, what OCR read on it (nil: a label whose value did not
    /// read), and which barcode values it would take when they disagree with that reading.
    struct Line: Sendable {
        var box: PixelRect
        var text: String?
        var accepts: @Sendable (String) -> Bool
    }

    /// How near (in line heights) a barcode that does not read as the line must stand to be its:
    /// right by it, nearer than the next line's barcode (the two IMEIs of a dual-SIM phone may
    /// differ in two digits, so nothing in the values tells them apart).
    static let disagreeingReach = 2.5

    /// For each line, the index in `codes` of its barcode, or nil.
    static func tie(_ lines: [Line], _ codes: [Barcode]) -> [Int?] {
        var tied = [Int?](repeating: nil, count: lines.count)
        var used = Set<Int>()
        var pairs: [(distance: Double, line: Int, code: Int, agrees: Bool)] = []
        for (l, line) in lines.enumerated() {
            for (c, code) in codes.enumerated() {
                let agrees = line.text == code.text
                guard agrees || line.accepts(code.text), let d = distance(line.box, code.box), agrees || d <= disagreeingReach
                else { continue }
                pairs.append((d, l, c, agrees))
            }
        }
        // Agreement first, then by distance.
        for pair in pairs.sorted(by: { ($0.agrees ? 0 : 1, $0.distance) < ($1.agrees ? 0 : 1, $1.distance) })
        where tied[pair.line] == nil && !used.contains(pair.code) {
            tied[pair.line] = pair.code
            used.insert(pair.code)
        }
        return tied
    }

    /// How far a barcode stands from a text line, in the line's heights, when it stands just
    /// under it (within four heights), just over it (within three) or beside it on its row
    /// (within twelve); nil otherwise.
    static func distance(_ line: PixelRect, _ code: PixelRect) -> Double? {
        let h = Double(max(4, line.height))
        let cy = Double(code.y) + Double(code.height) / 2
        let across = code.x < line.maxX + Int(3 * h) && code.maxX > line.x - Int(3 * h)
        if across, cy > Double(line.maxY), cy - Double(line.maxY) <= 4 * h { return (cy - Double(line.maxY)) / h }
        if across, cy < Double(line.y), Double(line.y) - cy <= 3 * h { return (Double(line.y) - cy) / h + 0.5 }
        let gap = Double(code.x - line.maxX)
        if code.y < line.maxY + Int(h), code.maxY > line.y - Int(h), gap >= -h, gap <= 12 * h { return 0.3 + max(0, gap) / h / 4 }
        return nil
    }
}
