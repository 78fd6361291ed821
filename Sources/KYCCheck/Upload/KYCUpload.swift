/// One file as the user gave it: its bytes and, when known, its name (only the extension is
/// used, to warn when it disagrees with the content). Pure value.
public struct KYCUpload: Sendable, Hashable {
    /// The file's bytes, exactly as they would be uploaded.
    public var bytes: [UInt8]
    /// The file's name as given, if any. Never logged or reported.
    public var filename: String?

    public init(bytes: [UInt8], filename: String? = nil) {
        self.bytes = bytes
        self.filename = filename
    }

    /// The lowercased extension of `filename`, if it has one.
    var fileExtension: String? {
        guard let name = filename?.split(separator: "/").last, let dot = name.lastIndex(of: ".") else { return nil }
        let ext = name[name.index(after: dot)...].lowercased()
        return ext.isEmpty ? nil : ext
    }
}
