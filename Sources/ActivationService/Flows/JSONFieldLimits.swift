import Foundation

/// The longest string each JSON field of a flow body may hold, so that a client cannot store
/// (or make the service log and judge) megabytes in a token or an address. Past one, the
/// answer is 400 `FIELD_INVALID` naming the field (`token`, `deviceId.address`).
///
/// Pure: it judges parsed JSON values.
struct JSONFieldLimits: Sendable {
    /// The longest string, in characters, of the fields named here, wherever they stand.
    var maxima: [String: Int] = [
        "token": 2048, "activationCode": 64, "membershipStatus": 32, "membershipMobile": 16, "mobile": 16,
        "pincode": 10, "address": 512, "step": 64, "declaredIMEI": 32, "declaredModel": 128, "detail": 512,
        "reasonCode": 64, "reasonMessage": 512, "status": 64,
    ]
    /// The longest string of any other field.
    var otherwise = 4096

    /// Throws 400 `FIELD_INVALID` for the first string (depth first) longer than its field's
    /// maximum. Bytes that are not JSON pass: the decoder answers for them.
    func check(_ bytes: [UInt8]) throws(ServiceError) {
        guard let value = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) else { return }
        try check(value, path: [])
    }

    /// Walks `value`, found at `path`.
    func check(_ value: Any, path: [String]) throws(ServiceError) {
        switch value {
        case let text as String:
            let field = path.last { !$0.hasPrefix("[") } ?? "body"
            let limit = maxima[field] ?? otherwise
            if text.count > limit {
                throw .fieldInvalid(Self.name(path), "is longer than \(limit) characters")
            }
        case let object as [String: Any]:
            for (key, member) in object.sorted(by: { $0.key < $1.key }) {
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

    /// `deviceId.address`, `items[2]`; `body` for the top level.
    static func name(_ path: [String]) -> String {
        guard !path.isEmpty else { return "body" }
        return path.dropFirst().reduce(path[0]) { $1.hasPrefix("[") ? $0 + $1 : $0 + "." + $1 }
    }
}
