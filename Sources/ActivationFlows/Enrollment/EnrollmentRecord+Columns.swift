import ActivationPipeline
import Foundation

extension EnrollmentRecord {
    /// The record as the `enrollments` table's columns, the same for both stores. Pure.
    struct Columns: Sendable {
        var id: String
        /// `finaptic` or `belvo`: which machine the JSON holds.
        var kind: String
        /// The machine as JSON.
        var machine: String
        /// The provider's status string; nil before the first step.
        var status: String?
        var version: Int
        var createdAt: Int64
        var updatedAt: Int64

        /// The columns to write for `record`.
        init(_ record: EnrollmentRecord) throws(FlowError) {
            id = FlowJSON.key(record.id)
            kind = record.kind.rawValue
            switch record.machine {
            case .finaptic(let machine): self.machine = try FlowJSON.encode(machine, what: "application machine")
            case .belvo(let machine): self.machine = try FlowJSON.encode(machine, what: "enrollment machine")
            }
            status = record.status
            version = record.version
            createdAt = FlowJSON.milliseconds(record.createdAt)
            updatedAt = FlowJSON.milliseconds(record.updatedAt)
        }

        /// The columns as read from a row.
        init(id: String, kind: String, machine: String, version: Int, createdAt: Int64, updatedAt: Int64) {
            self.id = id
            self.kind = kind
            self.machine = machine
            self.version = version
            self.createdAt = createdAt
            self.updatedAt = updatedAt
        }

        /// The record these columns hold, or `storeCorrupt`.
        func record() throws(FlowError) -> EnrollmentRecord {
            let uuid = try FlowJSON.uuid(id, table: "enrollments")
            let what = "machine of enrollment \(id)"
            let decoded: Machine
            switch EnrollmentKind(rawValue: kind) {
            case .finaptic: decoded = .finaptic(try FlowJSON.decode(ApplicationMachine.self, machine, what: what))
            case .belvo: decoded = .belvo(try FlowJSON.decode(EnrollmentMachine.self, machine, what: what))
            case nil: throw FlowError(.storeCorrupt, "enrollment \(id) has an unknown kind \(kind)")
            }
            return EnrollmentRecord(
                id: uuid, machine: decoded, version: version,
                createdAt: FlowJSON.date(milliseconds: createdAt), updatedAt: FlowJSON.date(milliseconds: updatedAt))
        }
    }
}
