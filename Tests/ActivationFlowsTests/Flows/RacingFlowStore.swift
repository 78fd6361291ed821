@testable import ActivationFlows
@testable import ActivationPipeline
@testable import ActivationReader
@testable import ActivationStorage
import Foundation
import Synchronization
import TestSupport

/// A store that lets a rival write just before each of the next `races` activation updates,
/// as another request would between this one's read and its write.
final class RacingFlowStore: FlowStore {
    let base: any FlowStore
    private let races: Mutex<Int>
    private let rival: @Sendable (any FlowStore, UUID) async throws -> Void

    init(_ base: any FlowStore, races: Int, rival: @escaping @Sendable (any FlowStore, UUID) async throws -> Void) {
        self.base = base
        self.races = Mutex(races)
        self.rival = rival
    }

    /// A rival that only bumps the stored version, as a write that changes nothing would.
    static let bump: @Sendable (any FlowStore, UUID) async throws -> Void = { store, id in
        guard var record = try await store.activation(id: id) else { return }
        let read = record.version
        record.version += 1
        _ = try await store.update(record, ifVersion: read)
    }

    func update(_ record: ActivationRecord, ifVersion expected: Int) async throws -> Bool {
        let race = races.withLock { left in
            guard left > 0 else { return false }
            left -= 1
            return true
        }
        if race { try await rival(base, record.id) }
        return try await base.update(record, ifVersion: expected)
    }

    func create(_ record: ActivationRecord) async throws { try await base.create(record) }
    func create(_ record: ActivationRecord, key: IdempotencyKey) async throws -> ActivationRecord {
        try await base.create(record, key: key)
    }
    func activation(id: UUID) async throws -> ActivationRecord? { try await base.activation(id: id) }
    func activations(usingIMEI imei: String) async throws -> [UUID] { try await base.activations(usingIMEI: imei) }
    func activations(withScreenshot sha256: String) async throws -> [UUID] { try await base.activations(withScreenshot: sha256) }
    func create(_ record: EnrollmentRecord) async throws { try await base.create(record) }
    func create(_ record: EnrollmentRecord, key: IdempotencyKey) async throws -> EnrollmentRecord {
        try await base.create(record, key: key)
    }
    func enrollment(id: UUID) async throws -> EnrollmentRecord? { try await base.enrollment(id: id) }
    func update(_ record: EnrollmentRecord, ifVersion expected: Int) async throws -> Bool {
        try await base.update(record, ifVersion: expected)
    }
}
