import ActivationFlows
import ActivationPipeline
import Crypto
import Hummingbird

/// The `Idempotency-Key` request header of a create (`POST /v1/activations`,
/// `POST /v1/enrollments`), as Stripe's API and the IETF HTTPAPI draft define it.
///
/// A retry with the same key and the same body gets the first create's answer (201, the same
/// body, `ETag` and `Location`); the same key with another body is 422
/// `FLOW_IDEMPOTENCY_KEY_REUSED`. Keys are kept 24 hours (``IdempotencyKey/lifetime``), per
/// route. The request is identified by the SHA-256 of its body. Pure.
enum IdempotencyHeader {
    /// The header's name, lowercase.
    static let name = "idempotency-key"

    /// The key of `request`, whose body is `body`: nil without the header; 400 `FIELD_INVALID`
    /// for a key given twice, empty, longer than 255 characters or not printable ASCII. A key in
    /// double quotes (a structured-field string, as the IETF draft writes it) is read without them.
    static func key(of request: Request, body: [UInt8]) throws(ServiceError) -> IdempotencyKey? {
        let values = request.headers.filter { $0.name.canonicalName == name }.map(\.value)
        guard let raw = values.first else { return nil }
        guard values.count == 1 else { throw .fieldInvalid("Idempotency-Key", "is given more than once") }
        var value = Substring(raw)
        if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = value.dropFirst().dropLast() }
        guard let key = IdempotencyKey(String(value), fingerprint: Hex.lowercase(SHA256.hash(data: body))) else {
            throw .fieldInvalid("Idempotency-Key", "must be 1 to \(IdempotencyKey.maxLength) printable ASCII characters")
        }
        return key
    }
}
