/// An identifier a retail-box label prints beside its IMEIs (the serial number, the EID), and
/// what read it.
public struct LabelField: Sendable, Hashable, Codable {
    /// The value as printed, without its label.
    public var value: String
    /// What read it, each on its own: `deep` (the deep OCR of its line), `barcode` (the
    /// Code-128 under, over or beside that line). Both when they read the same; the barcode
    /// alone when it read otherwise (it is exact).
    public var channels: [String]

    public init(value: String, channels: [String]) {
        self.value = value
        self.channels = channels
    }
}
