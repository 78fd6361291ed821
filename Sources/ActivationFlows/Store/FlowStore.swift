public import Foundation

/// Where activations and enrollments are kept between requests, so that a restart loses nothing.
///
/// Two implementations share one schema: ``SQLiteFlowStore`` (a local file, the default) and
/// ``PostgresFlowStore`` (a server several service instances share). Every method is one
/// transaction and may be called from any task; none blocks a thread while it waits on the
/// database. Errors are ``FlowError``s (`FLOW_STORE_QUERY`, `FLOW_STORE_CORRUPT`,
/// `FLOW_DUPLICATE_ID`) and never carry bound values: rows hold full IMEIs, mobile numbers and CPFs.
///
/// Writes are compare-and-set on `version`: `update(_:ifVersion:)`
/// writes only over the version the caller read, and says so when someone else got there first.
public protocol FlowStore: Sendable {
    /// Stores a new activation as it is (normally version 1). `FLOW_DUPLICATE_ID` if the ID exists.
    func create(_ record: ActivationRecord) async throws

    /// Stores a new activation under the client's `key`, atomically: the key and the record
    /// together or neither, so that concurrent retries make one record. A key kept from an
    /// earlier create (younger than ``IdempotencyKey/lifetime``) stores nothing: the answer is
    /// the activation it created, as it was created, or `FLOW_IDEMPOTENCY_KEY_REUSED` when the
    /// key came with another request. Returns `record` when it was stored.
    func create(_ record: ActivationRecord, key: IdempotencyKey) async throws -> ActivationRecord

    /// The activation with this ID, or nil.
    func activation(id: UUID) async throws -> ActivationRecord?

    /// Writes `record` over the stored one if the stored version is still `expected`, and sets
    /// the stored version to `record.version`. False (nothing written) when the version moved on
    /// or the record is gone.
    func update(_ record: ActivationRecord, ifVersion expected: Int) async throws -> Bool

    /// The IDs of the activations that recorded `imei` (15 digits) as one of their first two
    /// IMEIs, oldest first.
    func activations(usingIMEI imei: String) async throws -> [UUID]

    /// The IDs of the activations whose device ID was read from a screenshot with this SHA-256
    /// (lowercase hex), oldest first.
    func activations(withScreenshot sha256: String) async throws -> [UUID]

    /// Stores a new enrollment as it is (normally version 1). `FLOW_DUPLICATE_ID` if the ID exists.
    func create(_ record: EnrollmentRecord) async throws

    /// Stores a new enrollment under the client's `key`; see the activation overload.
    func create(_ record: EnrollmentRecord, key: IdempotencyKey) async throws -> EnrollmentRecord

    /// The enrollment with this ID, or nil.
    func enrollment(id: UUID) async throws -> EnrollmentRecord?

    /// Writes `record` over the stored one if the stored version is still `expected`; see the
    /// activation overload.
    func update(_ record: EnrollmentRecord, ifVersion expected: Int) async throws -> Bool
}
