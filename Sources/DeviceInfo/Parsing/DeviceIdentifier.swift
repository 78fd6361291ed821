import ActivationPipeline
private import Crypto
import Foundation

/// Derives the device ID from a salt and the host's stable identifiers. Pure logic.
///
/// The ID is the lowercase hex SHA-256 of a versioned, length-prefixed encoding of the salt
/// and each identifier present, so no raw identifier leaves the host, the same inputs give the
/// same ID on every run, and another salt gives an unrelated ID.
public enum DeviceIdentifier {
    /// Values firmware writes when a field was never filled in; they identify nothing.
    static let placeholders: Set<String> = [
        "", "0", "none", "n/a", "na", "not specified", "not applicable", "default string",
        "to be filled by o.e.m.", "to be filled by oem", "system serial number", "serial",
        "0123456789", "00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff",
        "03000200-0400-0500-0006-000700080009",
    ]

    /// Whether `value` is a firmware placeholder rather than a real identifier.
    public static func isPlaceholder(_ value: String) -> Bool {
        let lowered = value.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if placeholders.contains(lowered) { return true }
        let significant = lowered.filter { $0 != "-" && $0 != " " }
        return significant.allSatisfy { $0 == "0" } || significant.allSatisfy { $0 == "f" }
    }

    /// The hex SHA-256 over `salt` and the identifiers (name, value) that are not placeholders,
    /// in the order given; nil when none is left, since a hash of the salt alone identifies
    /// nothing.
    public static func make(salt: String, identifiers: [(name: String, value: String)]) -> String? {
        let usable = identifiers
            .map { (name: $0.name, value: $0.value.trimmingCharacters(in: .whitespacesAndNewlines)) }
            .filter { !isPlaceholder($0.value) }
        guard !usable.isEmpty else { return nil }
        var message = "activation-device-id/v1\n"
        func field(_ name: String, _ value: String) {
            message += "\(name):\(value.utf8.count):\(value)\n"
        }
        field("salt", salt)
        for identifier in usable {
            field(identifier.name, identifier.value)
        }
        return Hex.lowercase(SHA256.hash(data: Array(message.utf8)))
    }
}
