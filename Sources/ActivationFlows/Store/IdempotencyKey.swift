/// A client's `Idempotency-Key` for a create (`POST /v1/activations`, `POST /v1/enrollments`),
/// as Stripe's API and the IETF HTTPAPI draft define it: a key the client chooses, sent again
/// with a retry, so that the retry gets the first create's result instead of a second record.
///
/// The key is 1 to ``maxLength`` printable ASCII characters (space to `~`). The store keeps it
/// with the record it created, atomically with the create, for ``lifetime``; the same key with
/// another request (another `fingerprint`) is `FLOW_IDEMPOTENCY_KEY_REUSED`. Pure value.
public struct IdempotencyKey: Sendable, Hashable {
    /// The key as the client sent it.
    public let value: String
    /// What identifies the request the key came with (the body's SHA-256, lowercase hex).
    public let fingerprint: String

    /// The longest key: 255 characters.
    public static let maxLength = 255

    /// How long a key is kept: 24 hours. After that the key may be used for a new record.
    public static let lifetime: Duration = .seconds(24 * 60 * 60)

    /// The key `value` for the request identified by `fingerprint`, or nil when `value` is
    /// empty, longer than ``maxLength`` or not printable ASCII.
    public init?(_ value: String, fingerprint: String) {
        guard !value.isEmpty, value.utf8.count <= Self.maxLength, value.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else {
            return nil
        }
        self.value = value
        self.fingerprint = fingerprint
    }
}
