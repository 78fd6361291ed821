/// What an ``IdempotencyKey`` keeps of the record it created, in the `idempotency_keys` table
/// of both stores: the record as it was created (version 1), so that a retry is answered as
/// the first create was, even after the record took further steps. Pure value.
struct IdempotentCreation: Sendable, Hashable {
    /// The table the record is in: `activations`, `enrollments`.
    var scope: String
    /// The record's ID.
    var recordID: String
    /// The enrollment's kind; nil for an activation.
    var kind: String?
    /// The record's machine as created, as JSON.
    var machine: String
    /// When the record was created, in milliseconds since 1970 UTC.
    var createdAt: Int64

    /// The oldest creation time of a key still kept when a record is created at `createdAt`.
    var cutoff: Int64 {
        let (seconds, _) = IdempotencyKey.lifetime.components
        return createdAt - seconds * 1000
    }
}

extension IdempotentCreation {
    /// This creation when it was made by the request `key` identifies (same fingerprint), or
    /// `FLOW_IDEMPOTENCY_KEY_REUSED` when `fingerprint`, the kept request's, is another.
    func matching(fingerprint: String, of key: IdempotencyKey) throws(FlowError) -> IdempotentCreation {
        guard fingerprint == key.fingerprint else {
            throw FlowError(
                .idempotencyKeyReused,
                "this Idempotency-Key was first used with another request to create \(scope); use a new key for a new one")
        }
        return self
    }
}

extension ActivationRecord.Columns {
    /// What an idempotency key keeps of this new activation.
    var creation: IdempotentCreation {
        IdempotentCreation(scope: "activations", recordID: id, kind: nil, machine: machine, createdAt: createdAt)
    }

    /// The activation as `creation` kept it: version 1, before any step.
    init(_ creation: IdempotentCreation) {
        self.init(
            id: creation.recordID, machine: creation.machine, screenshotSHA256: nil, risk: nil, version: 1,
            createdAt: creation.createdAt, updatedAt: creation.createdAt)
    }
}

extension EnrollmentRecord.Columns {
    /// What an idempotency key keeps of this new enrollment.
    var creation: IdempotentCreation {
        IdempotentCreation(scope: "enrollments", recordID: id, kind: kind, machine: machine, createdAt: createdAt)
    }

    /// The enrollment as `creation` kept it: version 1, before any step.
    init(_ creation: IdempotentCreation) {
        self.init(
            id: creation.recordID, kind: creation.kind ?? "", machine: creation.machine, version: 1, createdAt: creation.createdAt,
            updatedAt: creation.createdAt)
    }
}
