import ActivationPipeline
import Foundation

/// The one table of how long each field of a request may be, whatever carries it (a JSON body,
/// a multipart form), so that a client cannot store (or make the service log and judge)
/// megabytes in a token, an address or a file name. Past one, the answer is 400 `FIELD_INVALID`
/// naming the field (`token`, `deviceId.address`). A JSON object that gives one member name
/// twice is refused the same way (I-JSON, RFC 7493: names must be unique), so the limits and the
/// decoder always judge the same value.
///
/// Pure: it judges parsed values and the parts of a form.
struct FieldLimits: Sendable {
    /// The longest value, in UTF-8 bytes (what the store keeps), of the fields named here, wherever they stand. With
    /// every field at its maximum, one request leaves under 16 KiB in the store.
    var maxima: [String: Int] = [
        "token": 2048, "activationCode": 64, "membershipStatus": 32, "membershipMobile": 16, "mobile": 16,
        "pincode": 10, "address": 512, "step": 64, "declaredIMEI": 32, "declaredModel": 128, "detail": 512,
        "reasonCode": 64, "reasonMessage": 512, "status": 64, "outcome": 32, "failureStatusCodes": 512,
        "documentType": 64, "documentCountry": 8, "documentState": 16, "fix": 8, "riskSignals": 4096,
    ]
    /// The longest string of any other JSON field, in UTF-8 bytes.
    var otherwise = 4096
    /// The longest file name kept of an uploaded part, in characters, once made safe.
    var fileName = 128

    static let standard = FieldLimits()

    /// Throws 400 `FIELD_INVALID` for a member name given twice, then for the first string
    /// (depth first) longer than its field's maximum. Bytes that are not JSON pass: the
    /// decoder answers for them.
    func check(_ bytes: [UInt8]) throws(ServiceError) {
        if let path = JSONMemberNames.firstRepeated(in: bytes) {
            throw .fieldInvalid(Self.name(path), "is given more than once")
        }
        guard let value = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) else { return }
        try check(value, path: [])
    }

    /// Walks `value`, found at `path`.
    func check(_ value: Any, path: [String]) throws(ServiceError) {
        switch value {
        case let text as String:
            let field = path.last { !$0.hasPrefix("[") } ?? "body"
            try check(field: field, named: Self.name(path), count: text.utf8.count)
        case let object as [String: Any]:
            for (key, member) in object.sorted(by: { $0.key < $1.key }) {
                if key == "riskSignals", let data = try? JSONSerialization.data(withJSONObject: member, options: [.fragmentsAllowed]) {
                    try check(field: key, named: Self.name(path + [key]), count: data.count)
                }
                try check(member, path: path + [key])
            }
        case let array as [Any]:
            for (index, member) in array.enumerated() {
                try check(member, path: path + ["[\(index)]"])
            }
        default:
            break
        }
    }

    /// Throws 400 `FIELD_INVALID` for a form part named in ``maxima`` (text, or a small JSON
    /// file such as `riskSignals`) longer than its maximum. Other parts are files, bounded by the
    /// body cap, or unknown fields, which are ignored.
    func check(_ parts: [FormPart]) throws(ServiceError) {
        for part in parts {
            guard let limit = maxima[part.name] else { continue }
            // A part more than twice over is refused without decoding it.
            let count = part.bytes.count > 2 * limit ? part.bytes.count : part.text.utf8.count
            try check(field: part.name, named: part.name, count: count)
        }
    }

    /// `filename` made safe to keep and to show: control characters, path separators and
    /// quotes become `_`, and it is cut to ``fileName`` characters (its extension kept). Nil
    /// stays nil; a name with nothing left is `upload`.
    func safeFileName(_ filename: String?) -> String? {
        guard let filename else { return nil }
        var safe = String(String.UnicodeScalarView(filename.unicodeScalars.map { scalar in
            scalar.properties.generalCategory == .control || "/\\\"".unicodeScalars.contains(scalar)
                || PrintableName.terminal(String(scalar)) != String(scalar) ? "_" : scalar
        }))
        if safe.count > fileName {
            let dot = safe.lastIndex(of: ".").map { safe[$0...] } ?? ""
            let keep = dot.count < 16 ? String(dot) : ""
            safe = String(safe.prefix(fileName - keep.count)) + keep
        }
        return safe.trimmingCharacters(in: .whitespaces).isEmpty ? "upload" : safe
    }

    private func check(field: String, named name: String, count: Int) throws(ServiceError) {
        let limit = maxima[field] ?? otherwise
        if count > limit { throw .fieldInvalid(name, "is longer than \(limit) bytes") }
    }

    /// `deviceId.address`, `items[2]`; `body` for the top level.
    static func name(_ path: [String]) -> String {
        guard !path.isEmpty else { return "body" }
        return path.dropFirst().reduce(path[0]) { $1.hasPrefix("[") ? $0 + $1 : $0 + "." + $1 }
    }
}
