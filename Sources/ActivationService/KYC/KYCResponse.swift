import Foundation

/// The body of `POST /v1/kyc/prevalidate`, built from a KYC engine's answer: the report's own
/// JSON, with each fixed file's bytes added in base64 under `fixedContent` in that file's
/// object. Also pulls out the verdict and error codes, for the status and the metrics.
///
/// Pure: JSON in, JSON out. It relies only on these traits of the report's JSON: it is an
/// object; its overall verdict is a top-level string `verdict`; each file's object sits at
/// the top level or one level down under its role (`front`, `back`, `selfie`), or in an array
/// as an object whose `role` is that name; error codes are `code` strings in UPPER_SNAKE_CASE.
struct KYCResponse: Sendable {
    /// The response body: UTF-8 JSON with sorted keys.
    var body: [UInt8]
    /// The overall verdict (`pass`, `fail`, …), if the report has one.
    var verdict: String?
    /// Every error code in the report, in document order, repeated as often as it occurs.
    var errorCodes: [String]

    /// The HTTP status for this verdict: 422 for `fail`, 200 otherwise.
    var isFailure: Bool { verdict?.lowercased() == "fail" }

    /// Builds the body from `report` (JSON object) and `fixed` files by role.
    /// Throws ``ServiceError`` (500) when the report is not a JSON object.
    static func make(report: [UInt8], fixed: [String: [UInt8]]) throws(ServiceError) -> KYCResponse {
        guard
            let parsed = try? JSONSerialization.jsonObject(with: Data(report), options: [.fragmentsAllowed]),
            var object = parsed as? [String: Any]
        else {
            throw .internalError("the KYC report is not a JSON object")
        }
        for role in fixed.keys.sorted() {
            guard let bytes = fixed[role] else { continue }
            insert(["fixedContent": Data(bytes).base64EncodedString()], forRole: role, into: &object)
        }
        let body: Data
        do {
            body = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        } catch {
            throw .internalError("the KYC response could not be encoded")
        }
        var codes: [String] = []
        collectCodes(in: object, into: &codes)
        return KYCResponse(body: Array(body), verdict: object["verdict"] as? String, errorCodes: codes)
    }

    /// Merges `fields` into the object of `role`: at the top level, one level down, or in an
    /// array one level down; a top-level object is created when none exists.
    static func insert(_ fields: [String: Any], forRole role: String, into object: inout [String: Any]) {
        if var file = object[role] as? [String: Any] {
            file.merge(fields) { _, new in new }
            object[role] = file
            return
        }
        for key in object.keys.sorted() {
            if var group = object[key] as? [String: Any], var file = group[role] as? [String: Any] {
                file.merge(fields) { _, new in new }
                group[role] = file
                object[key] = group
                return
            }
            if var list = object[key] as? [Any],
                let index = list.firstIndex(where: { ($0 as? [String: Any])?["role"] as? String == role }),
                var file = list[index] as? [String: Any]
            {
                file.merge(fields) { _, new in new }
                list[index] = file
                object[key] = list
                return
            }
        }
        if object[role] == nil { object[role] = fields }
    }

    /// Appends every UPPER_SNAKE_CASE string under a `code` key, depth first, keys sorted.
    static func collectCodes(in value: Any, into codes: inout [String]) {
        if let object = value as? [String: Any] {
            for key in object.keys.sorted() {
                let child = object[key] as Any
                if key == "code", let code = child as? String, isCode(code) {
                    codes.append(code)
                } else {
                    collectCodes(in: child, into: &codes)
                }
            }
        } else if let list = value as? [Any] {
            for child in list { collectCodes(in: child, into: &codes) }
        }
    }

    /// True for a stable code such as `FILE_MISSING`: 2 to 64 of A–Z, 0–9 and `_`, starting
    /// with a letter. Keeps free text out of metric labels.
    static func isCode(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard (2...64).contains(bytes.count), let first = bytes.first, (65...90).contains(first) else { return false }
        return bytes.allSatisfy { (65...90).contains($0) || (48...57).contains($0) || $0 == 95 }
    }
}
