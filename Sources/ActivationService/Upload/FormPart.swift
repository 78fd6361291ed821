import Foundation

/// One part of a multipart/form-data body: its field name, file name, type and bytes.
struct FormPart: Sendable, Hashable {
    /// The `name` of its Content-Disposition.
    var name: String
    /// The `filename` of its Content-Disposition, if any (file fields have one).
    var filename: String?
    /// Its own Content-Type, if given.
    var contentType: String?
    /// Its content.
    var bytes: [UInt8]

    /// The content as text (invalid UTF-8 repaired), trimmed of surrounding white space.
    var text: String {
        String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
