/// One IMEI read off a screenshot, with where it was and how sure the reader is.
public struct IMEIReading: Sendable, Hashable, Codable {
    /// The 15 digits, Luhn-valid.
    public var value: String
    /// The label the screen gave it (`IMEI`, `IMEI1`, `IMEI2`, `IMEI (slot 2)`, `IMEI/MEID`).
    public var label: String
    /// The SIM slot (1, 2) when the label or the screen order says so.
    public var slot: Int?
    /// The software version shown after the IMEI (`/01` on `*#06#` dialogs), if any.
    public var softwareVersion: String?
    /// How sure the reader is, 0…1.
    public var confidence: Double
    /// Where the value stands in the original image: x, y, width, height in pixels.
    public var box: [Int]
    /// True when a digit was replaced by an OCR alternative or by a barcode's reading.
    public var corrected: Bool
    /// What read the value, each of them on its own: `text` (Tesseract), `deep` (the deep
    /// second opinion), `barcode` (the barcode under or beside it). Two channels agreeing make a
    /// value surer than one.
    public var channels: [String]

    /// The Type Allocation Code: the first 8 digits.
    public var tac: String { String(value.prefix(8)) }
    /// The serial number: digits 9 to 14.
    public var serial: String { String(value.dropFirst(8).prefix(6)) }
    /// The Luhn check digit: the 15th digit.
    public var checkDigit: String { String(value.suffix(1)) }

    public init(
        value: String, label: String, slot: Int?, softwareVersion: String?,
        confidence: Double, box: [Int], corrected: Bool, channels: [String] = [IMEIReading.text]
    ) {
        self.value = value
        self.label = label
        self.slot = slot
        self.softwareVersion = softwareVersion
        self.confidence = confidence
        self.box = box
        self.corrected = corrected
        self.channels = channels
    }

    /// The channel names.
    public static let text = "text", deep = "deep", barcode = "barcode"

    private enum CodingKeys: String, CodingKey {
        case value, label, slot, tac, serial, checkDigit, softwareVersion, confidence, box, corrected, channels
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        value = try c.decode(String.self, forKey: .value)
        label = try c.decode(String.self, forKey: .label)
        slot = try c.decodeIfPresent(Int.self, forKey: .slot)
        softwareVersion = try c.decodeIfPresent(String.self, forKey: .softwareVersion)
        confidence = try c.decode(Double.self, forKey: .confidence)
        box = try c.decode([Int].self, forKey: .box)
        corrected = try c.decode(Bool.self, forKey: .corrected)
        channels = try c.decodeIfPresent([String].self, forKey: .channels) ?? [IMEIReading.text]
    }

    /// Writes every key, `null` included, so that scripts can rely on the shape.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(value, forKey: .value)
        try c.encode(label, forKey: .label)
        try c.encode(slot, forKey: .slot)
        try c.encode(tac, forKey: .tac)
        try c.encode(serial, forKey: .serial)
        try c.encode(checkDigit, forKey: .checkDigit)
        try c.encode(softwareVersion, forKey: .softwareVersion)
        try c.encode((confidence * 1000).rounded() / 1000, forKey: .confidence)
        try c.encode(box, forKey: .box)
        try c.encode(corrected, forKey: .corrected)
        try c.encode(channels, forKey: .channels)
    }
}
