import Foundation

/// A Content-Type split into its lowercased `type/subtype` and parameters.
///
/// Pure parsing; parameter values may be quoted.
struct ContentType: Sendable, Hashable {
    /// `type/subtype`, lowercased (`multipart/form-data`).
    var essence: String
    /// The parameters, names lowercased (`boundary`).
    var parameters: [String: String]

    init(_ header: String) {
        let pieces = header.split(separator: ";", omittingEmptySubsequences: true)
        essence = pieces.first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        var parameters: [String: String] = [:]
        for piece in pieces.dropFirst() {
            guard let eq = piece.firstIndex(of: "=") else { continue }
            let key = piece[..<eq].trimmingCharacters(in: .whitespaces).lowercased()
            var value = piece[piece.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            parameters[key] = value
        }
        self.parameters = parameters
    }

    var isMultipartForm: Bool { essence == "multipart/form-data" }
    /// Any `image/*`, or `application/octet-stream`: a raw image body.
    var isRawImage: Bool { essence.hasPrefix("image/") || essence == "application/octet-stream" }
}
