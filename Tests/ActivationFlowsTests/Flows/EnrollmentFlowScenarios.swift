@testable import ActivationFlows
@testable import ActivationPipeline
@testable import ActivationReader
@testable import ActivationStorage
import Foundation
import Synchronization
import TestSupport
import Testing

/// What the stored enrollments must do; run against a real SQLite file and a real PostgreSQL.
enum EnrollmentFlowScenarios {
    typealias F = RecordsFixtures

    static let passed = EnrollmentStep.validateDocuments(preValidation: .pass, outcome: .passed)
    static let selfiePassed = EnrollmentStep.validateSelfie(preValidation: .pass, outcome: .passed)

    /// A Finaptic application spends its one retry and ends in KYC Rejected, across a restart;
    /// local pre-validation failures and early or foreign steps are refused and stored nowhere.
    static func finapticRetriesToKYCRejected(_ open: FlowStoreOpener) async throws {
        let saved = Mutex<String?>(nil)
        try await open { store in
            let flows = EnrollmentFlows(store: store, configuration: F.configuration)
            let negative = await F.failure { try await flows.create(.finaptic(allowedRetries: -1)) }
            #expect(negative?.code == .createRefused && negative?.refused.map(Self.code) == "INVALID_RETRY_COUNT")

            var view = try await flows.create(.finaptic(allowedRetries: 1))
            #expect(view.kind == .finaptic && view.status == "New Application" && view.remainingAllowedRetries == 1)
            #expect(view.version == 1 && !view.final && view.state == nil)
            let id = view.id
            saved.withLock { $0 = id }

            view = try await flows.advance(id: id, step: .update)
            #expect(view.status == "Data Collection")
            try await expectRefused(
                flows, store, id, .validateDocuments(preValidation: .fail(reasons: ["GLARE"]), outcome: .passed),
                code: "KYC_PREVALIDATION_FAILED")
            try await expectRefused(flows, store, id, .validateApplication(outcome: .passed), code: "ILLEGAL_TRANSITION")
            try await expectRefused(flows, store, id, .redirectionCompleted, code: "ILLEGAL_TRANSITION")

            view = try await flows.advance(id: id, step: passed)
            #expect(view.status == "KYC In Progress" && view.documentsValidated == true && view.selfieValidated == false)
            #expect(view.nextAction == "Call validateSelfie, then validateApplication.")
            try await expectRefused(flows, store, id, .validateApplication(outcome: .passed), code: "KYC_STEPS_INCOMPLETE")
            view = try await flows.advance(id: id, step: selfiePassed)
            #expect(view.nextSteps.contains(.validateApplication) && view.nextAction == "Call validateApplication.")

            view = try await flows.advance(
                id: id, step: .validateApplication(outcome: .failed(failureStatusCodes: ["FAILURE_CODE_NAME_MISMATCH"])))
            #expect(view.status == "KYC Failed" && view.remainingAllowedRetries == 0)
            #expect(view.failureStatusCodes == ["FAILURE_CODE_NAME_MISMATCH"] && view.documentsValidated == false)
            #expect(!view.refused && view.error == nil && view.version == 5)
        }
        let id = try #require(saved.withLock { $0 })
        try await open { store in
            let flows = EnrollmentFlows(store: store, configuration: F.configuration)
            var view = try await flows.get(id: id)
            #expect(view.status == "KYC Failed" && view.remainingAllowedRetries == 0 && view.version == 5)
            _ = try await flows.advance(id: id, step: passed)
            _ = try await flows.advance(id: id, step: selfiePassed)
            view = try await flows.advance(id: id, step: .validateApplication(outcome: .failed(failureStatusCodes: [])))
            #expect(view.status == "KYC Rejected" && view.final && view.remainingAllowedRetries == 0)
            #expect(view.nextAction == "NA" && view.nextSteps.isEmpty)
            try await expectRefused(flows, store, id, .accept, code: "ILLEGAL_TRANSITION")
            try await expectRefused(flows, store, id, .update, code: "ILLEGAL_TRANSITION")
            #expect(try await flows.get(id: id) == view)
        }
    }

    /// A Belvo enrollment with an invalid CPF (or risk signals without a device ID) is refused
    /// and stored nowhere; a valid one is created with its risk signals and walks to SUCCEEDED.
    static func belvoEnrollment(_ open: FlowStoreOpener) async throws {
        try await open { store in
            let flows = EnrollmentFlows(store: store, configuration: F.configuration)
            let badCPF = await F.failure { try await flows.create(F.belvo(cpf: "390.533.447-06")) }
            #expect(badCPF?.code == .createRefused && badCPF?.refused.map(Self.code) == "INVALID_CPF")
            #expect(badCPF.map { !String(describing: $0).contains("390.533.447") } == true, "errors never write the CPF out")
            let noDevice = await F.failure { try await flows.create(F.belvo(signals: #"{"accountTenure": "2023-05-01"}"#)) }
            #expect(noDevice?.refused.map(Self.code) == "INVALID_RISK_SIGNALS")

            var view = try await flows.create(F.belvo())
            #expect(view.kind == .belvo && view.status == "PENDING" && view.state == "awaitingRedirection")
            #expect(view.deviceId == "dev-1" && view.remainingAllowedRetries == nil)
            #expect(view.nextSteps == [.redirectionCompleted, .webhook])
            let id = view.id
            let uuid = try #require(UUID(uuidString: id))
            guard case .belvo(let machine)? = try await store.enrollment(id: uuid)?.machine else {
                Issue.record("a belvo enrollment must be stored as one")
                return
            }
            #expect(machine.context.riskSignals == RiskSignalsPayload(data: Data(#"{"device_id": "dev-1", "accountTenure": "2023-05-01"}"#.utf8)))
            #expect(machine.context.cpf == "39053344705")

            try await expectRefused(flows, store, id, .update, code: "ILLEGAL_TRANSITION")
            try await expectRefused(flows, store, id, .confirmed(true), code: "ILLEGAL_TRANSITION")
            view = try await flows.advance(id: id, step: .redirectionCompleted)
            #expect(view.state == "awaitingFidoOptions" && view.version == 2)
            view = try await flows.advance(id: id, step: .webhook(.pending))
            #expect(view.state == "awaitingFidoOptions" && view.version == 2, "a repeated PENDING stores nothing")
            view = try await flows.advance(id: id, step: .fidoOptionsReceived)
            view = try await flows.advance(id: id, step: .confirmed(true))
            #expect(view.status == "SUCCEEDED" && view.final && view.nextAction == "NA" && view.version == 4)
            #expect(try await flows.get(id: id) == view)

            let failing = try await flows.create(F.belvo())
            view = try await flows.advance(
                id: failing.id, step: .webhook(.failed, reasonCode: "institution_unavailable", reasonMessage: "The institution is unavailable"))
            #expect(view.status == "FAILED" && view.statusReasonCode == "institution_unavailable")

            #expect(await F.failure { try await flows.get(id: UUID().uuidString) }?.code == .notFound)
            #expect(await F.failure { try await flows.advance(id: "nope", step: .update) }?.code == .notFound)
            #expect(await F.failure { try await flows.advance(id: id, step: .update, expectedVersion: 1) }?.code == .conflict)
        }
    }

    /// The code of a creation's refusal.
    static func code(_ refusal: FlowError.Refusal) -> String {
        switch refusal {
        case .activation(let error): String(error.code)
        case .enrollment(let error): error.code.rawValue
        }
    }

    /// `step` is refused with `code`; the view is the stored one, and the store is unchanged.
    static func expectRefused(
        _ flows: EnrollmentFlows, _ store: any FlowStore, _ id: String, _ step: EnrollmentStep, code: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let uuid = try #require(UUID(uuidString: id), sourceLocation: sourceLocation)
        let before = try #require(try await store.enrollment(id: uuid), sourceLocation: sourceLocation)
        let view = try await flows.advance(id: id, step: step)
        #expect(view.refused && view.error?.code == code, "\(step.name)", sourceLocation: sourceLocation)
        #expect(view.version == before.version && view.status == before.status, sourceLocation: sourceLocation)
        #expect(try await store.enrollment(id: uuid) == before, "a refused step stores nothing", sourceLocation: sourceLocation)
    }
}
