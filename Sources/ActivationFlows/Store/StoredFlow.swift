import ActivationPipeline
import Foundation

/// A stored flow record (``ActivationRecord``, ``EnrollmentRecord``): what the façades create,
/// load and version in a ``FlowStore``, the same way for both.
protocol StoredFlow: Sendable {
    /// The machine the record keeps.
    associatedtype Machine
    /// What codes and messages call the record: "activation", "enrollment".
    static var noun: String { get }

    init(id: UUID, machine: Machine, version: Int, createdAt: Date, updatedAt: Date)

    /// Bumped by one on every stored step.
    var version: Int { get set }
    /// When the last step was stored.
    var updatedAt: Date { get set }

    /// The record with this ID in `store`, or nil.
    static func find(_ id: UUID, in store: any FlowStore) async throws -> Self?
    /// Stores the record as new; `FLOW_DUPLICATE_ID` if the ID exists.
    func insert(in store: any FlowStore) async throws
    /// Stores the record as new under `key`: the record first created under the key (this one
    /// when it was stored); see ``FlowStore``'s `create(_:key:)`.
    func insert(in store: any FlowStore, key: IdempotencyKey) async throws -> Self
    /// Writes the record over the stored one if that is still at version `expected`.
    func save(in store: any FlowStore, ifVersion expected: Int) async throws -> Bool
}

extension StoredFlow {
    /// Stores a new record of `machine` at version 1, created `now` (to the millisecond); under
    /// `key`, the record first created under it.
    static func create(_ machine: Machine, in store: any FlowStore, now: Date, key: IdempotencyKey? = nil) async throws -> Self {
        let now = FlowJSON.truncated(now)
        let record = Self(id: UUID(), machine: machine, version: 1, createdAt: now, updatedAt: now)
        guard let key else {
            try await record.insert(in: store)
            return record
        }
        return try await record.insert(in: store, key: key)
    }

    /// The record with this ID in `store`, or `FLOW_NOT_FOUND`.
    static func load(id: UUID, from store: any FlowStore) async throws -> Self {
        guard let record = try await find(id, in: store) else {
            throw FlowError(.notFound, "no \(noun) \(FlowJSON.key(id))")
        }
        return record
    }

    /// The record whose ID is `text`: `FLOW_NOT_FOUND` when it is unknown or not a UUID.
    static func load(id text: String, from store: any FlowStore) async throws -> Self {
        try await load(id: FlowJSON.id(text, of: noun), from: store)
    }
}

extension ActivationRecord: StoredFlow {
    static var noun: String { "activation" }

    init(id: UUID, machine: ActivationMachine, version: Int, createdAt: Date, updatedAt: Date) {
        self.init(id: id, machine: machine, screenshotSHA256: nil, version: version, createdAt: createdAt, updatedAt: updatedAt)
    }

    static func find(_ id: UUID, in store: any FlowStore) async throws -> Self? { try await store.activation(id: id) }
    func insert(in store: any FlowStore) async throws { try await store.create(self) }
    func insert(in store: any FlowStore, key: IdempotencyKey) async throws -> Self { try await store.create(self, key: key) }
    func save(in store: any FlowStore, ifVersion expected: Int) async throws -> Bool {
        try await store.update(self, ifVersion: expected)
    }
}

extension EnrollmentRecord: StoredFlow {
    static var noun: String { "enrollment" }

    static func find(_ id: UUID, in store: any FlowStore) async throws -> Self? { try await store.enrollment(id: id) }
    func insert(in store: any FlowStore) async throws { try await store.create(self) }
    func insert(in store: any FlowStore, key: IdempotencyKey) async throws -> Self { try await store.create(self, key: key) }
    func save(in store: any FlowStore, ifVersion expected: Int) async throws -> Bool {
        try await store.update(self, ifVersion: expected)
    }
}
