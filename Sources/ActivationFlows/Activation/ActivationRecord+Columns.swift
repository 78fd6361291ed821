import ActivationPipeline
import Foundation

extension ActivationRecord {
    /// The record as the `activations` table's columns, the same for both stores. Pure.
    struct Columns: Sendable {
        var id: String
        /// The machine as JSON.
        var machine: String
        /// The OAAction raw value; nil before `initialize`.
        var stage: String?
        /// The slot-1 IMEI, for duplicate lookups.
        var imei: String?
        /// The slot-2 IMEI, for duplicate lookups (dual-SIM phones).
        var imei2: String?
        var screenshotSHA256: String?
        /// The risk assessment as JSON.
        var risk: String?
        var version: Int
        var createdAt: Int64
        var updatedAt: Int64

        /// The columns to write for `record`.
        init(_ record: ActivationRecord) throws(FlowError) {
            id = FlowJSON.key(record.id)
            machine = try FlowJSON.encode(record.machine, what: "activation machine")
            stage = record.stage?.rawValue
            let imeis = record.imeis
            imei = imeis.first
            imei2 = imeis.count > 1 ? imeis[1] : nil
            screenshotSHA256 = record.screenshotSHA256
            risk = try record.risk.map { value throws(FlowError) in try FlowJSON.encode(value, what: "risk assessment") }
            version = record.version
            createdAt = FlowJSON.milliseconds(record.createdAt)
            updatedAt = FlowJSON.milliseconds(record.updatedAt)
        }

        /// The columns as read from a row.
        init(
            id: String, machine: String, screenshotSHA256: String?, risk: String?, version: Int,
            createdAt: Int64, updatedAt: Int64
        ) {
            self.id = id
            self.machine = machine
            self.screenshotSHA256 = screenshotSHA256
            self.risk = risk
            self.version = version
            self.createdAt = createdAt
            self.updatedAt = updatedAt
        }

        /// The record these columns hold, or `storeCorrupt`.
        func record() throws(FlowError) -> ActivationRecord {
            let uuid = try FlowJSON.uuid(id, table: "activations")
            let what = "activation \(id)"
            return ActivationRecord(
                id: uuid,
                machine: try FlowJSON.decode(ActivationMachine.self, machine, what: "machine of \(what)"),
                screenshotSHA256: screenshotSHA256,
                risk: try risk.map { text throws(FlowError) in
                    try FlowJSON.decode(RiskAssessment.self, text, what: "risk of \(what)")
                },
                version: version,
                createdAt: FlowJSON.date(milliseconds: createdAt),
                updatedAt: FlowJSON.date(milliseconds: updatedAt))
        }
    }
}
