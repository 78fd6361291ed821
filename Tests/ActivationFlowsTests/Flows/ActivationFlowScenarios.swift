@testable import ActivationFlows
@testable import ActivationPipeline
@testable import ActivationReader
@testable import ActivationStorage
import Foundation
import Synchronization
import TestSupport
import Testing

/// What the stored activation flow must do; run against a real SQLite file and a real PostgreSQL.
enum ActivationFlowScenarios {
    typealias F = RecordsFixtures

    /// Creates an activation and brings it to FETCHDEVICEID.
    static func started(_ flows: ActivationFlows) async throws -> ActivationView {
        let created = try await flows.create(token: "token-1")
        return try await flows.advance(
            id: created.id,
            step: .start(activationCode: "ACT-1", membershipStatus: .postDetailsPending, membershipMobile: F.membershipMobile))
    }

    /// From the token to COMPLETED with the real reader's result for a real screenshot, through
    /// every stage, a failed SMS and the secure screen; every view carries stage and next action.
    static func wholeActivation(_ open: FlowStoreOpener) async throws {
        let shot = try F.screenshot()
        #expect(Set(shot.result.imeis.map(\.value)) == Set(shot.truth), "the reader must read \(F.sampleName) right")
        try await open { store in
            let flows = ActivationFlows(store: store, configuration: F.configuration)
            var view = try await flows.create(token: "token-1")
            #expect(view.stage == .initializedSDK && view.state == .initialized)
            #expect(view.nextAction == "CALL STARTACTIVATION METHOD OF OAACTIVATION OBJECT")
            #expect(view.version == 1 && view.success && !view.refused && view.error == nil && view.risk == nil)
            let id = view.id

            view = try await flows.advance(
                id: id, step: .start(activationCode: "ACT-1", membershipStatus: .postDetailsPending, membershipMobile: F.membershipMobile))
            #expect(view.stage == .fetchDeviceId && view.nextSteps == [.fetchDeviceId])

            view = try await flows.advance(id: id, step: .fetchDeviceId(shot.input()))
            #expect(view.stage == .provideUserBasicDetail)
            #expect(view.nextAction == "CALL SUBMITBASICDETAILS METHOD OF OAACTIVATION OBJECT")
            #expect(view.imeis == shot.result.imeis.map(\.value))
            #expect(view.imei == shot.truth.first)
            let risk = try #require(view.risk)
            #expect(!risk.codes.contains(.imeiAlreadyActivated) && !risk.codes.contains(.duplicateScreenshot))

            view = try await flows.advance(id: id, step: .submitBasicDetails(pincode: F.pincode, address: F.address))
            #expect(view.stage == .sendUploadLink)

            view = try await flows.advance(id: id, step: .sendUploadLink(mobile: F.uploadMobile))
            #expect(view.state == .uploadLinkRequested)
            #expect(view.effect == ActivationView.Effect(kind: .sendUploadLinkSMS, mobile: F.uploadMobileNormalised))
            #expect(view.nextSteps == [.smsSent, .smsFailed])

            view = try await flows.advance(id: id, step: .smsFailed(detail: "gateway down"))
            #expect(!view.success && !view.refused && view.error?.code == 3004 && view.error?.detail == "gateway down")
            #expect(view.state == .awaitingUploadLink && view.stage == .sendUploadLink)

            view = try await flows.advance(id: id, step: .sendUploadLink(mobile: F.uploadMobile))
            view = try await flows.advance(id: id, step: .smsSent)
            #expect(view.stage == .sendUploadLinkOrOpenSecureScreen)
            #expect(view.nextAction == "CALL SENDUPLOADLINK METHOD OR CALL OPENSECURESCREEN METHOD OF OAACTIVATION OBJECT")

            view = try await flows.advance(id: id, step: .openSecureScreen)
            #expect(view.effect == ActivationView.Effect(kind: .showSecureScreen, mobile: nil))
            view = try await flows.advance(id: id, step: .secureScreenDismissed)
            #expect(view.stage == .secureScreenDismissed)
            view = try await flows.advance(id: id, step: .complete)
            #expect(view.stage == .completed && view.nextAction == "NA" && view.nextSteps.isEmpty && view.success)
            #expect(view.version == 11)
            #expect(view.risk == risk && view.imeis == shot.result.imeis.map(\.value))

            #expect(try await flows.get(id: id) == view)
            let uuid = try #require(UUID(uuidString: id))
            let record = try #require(try await store.activation(id: uuid))
            #expect(record.screenshotSHA256 == shot.read.sha256)
            #expect(record.machine.context.uploadLinkDelivered && record.machine.context.pincode == F.pincode)
            for imei in shot.truth {
                #expect(try await store.activations(usingIMEI: imei) == [uuid])
            }
            #expect(try await store.activations(withScreenshot: shot.read.sha256) == [uuid])
            #expect(try await store.activations(usingIMEI: F.otherIMEI).isEmpty)
        }
    }

    /// The store is closed mid-flow and opened again: the activation comes back exactly as it
    /// was, and goes on to COMPLETED.
    static func restartMidFlowLosesNothing(_ open: FlowStoreOpener) async throws {
        let shot = try F.screenshot()
        let saved = Mutex<ActivationView?>(nil)
        try await open { store in
            let flows = ActivationFlows(store: store, configuration: F.configuration)
            let started = try await started(flows)
            _ = try await flows.advance(
                id: started.id, step: .fetchDeviceId(shot.input(pincode: F.pincode, address: F.address)))
            let view = try await flows.advance(id: started.id, step: .sendUploadLink(mobile: F.uploadMobile))
            #expect(view.state == .uploadLinkRequested && view.risk != nil)
            saved.withLock { $0 = view }
        }
        let before = try #require(saved.withLock { $0 })
        try await open { store in
            let flows = ActivationFlows(store: store, configuration: F.configuration)
            let after = try await flows.get(id: before.id)
            #expect(after == before)
            _ = try await flows.advance(id: before.id, step: .smsSent)
            let done = try await flows.advance(id: before.id, step: .complete)
            #expect(done.stage == .completed && done.version == before.version + 2)
        }
        try await open { store in
            let view = try await ActivationFlows(store: store).get(id: before.id)
            #expect(view.stage == .completed && view.imeis == before.imeis && view.risk == before.risk)
        }
    }

    /// Each illegal or malformed step is refused with its SDK code, and nothing is stored.
    static func illegalStepsAreRefused(_ open: FlowStoreOpener) async throws {
        let shot = try F.screenshot()
        try await open { store in
            let flows = ActivationFlows(store: store, configuration: F.configuration)
            let refusal = await F.failure { try await flows.create(token: "  ") }
            #expect(refusal?.code == .createRefused && refusal?.refused == .activation(.emptyToken))

            let id = try await flows.create(token: "token-1").id
            try await expectRefused(flows, store, id, .complete, code: 4006)
            try await expectRefused(flows, store, id, .initialize(token: "again"), code: 4006)
            try await expectRefused(
                flows, store, id, .start(activationCode: " ", membershipStatus: .postDetailsPending, membershipMobile: F.membershipMobile),
                code: 1002)
            try await expectRefused(
                flows, store, id, .start(activationCode: "ACT-1", membershipStatus: .approved, membershipMobile: F.membershipMobile),
                code: 2003)
            try await expectRefused(
                flows, store, id, .start(activationCode: "ACT-1", membershipStatus: .postDetailsPending, membershipMobile: "12"),
                code: 3001)

            _ = try await flows.advance(
                id: id, step: .start(activationCode: "ACT-1", membershipStatus: .postDetailsPending, membershipMobile: F.membershipMobile))
            try await expectRefused(flows, store, id, .submitBasicDetails(pincode: F.pincode, address: F.address), code: 4006)
            var failed = shot.input()
            failed.screenshot = .failure("blank.png", .unableToDoOCR)
            try await expectRefused(flows, store, id, .fetchDeviceId(failed), code: 4001)
            try await expectRefused(flows, store, id, .fetchDeviceId(shot.input(pincode: "", address: F.address)), code: 1005)
            try await expectRefused(flows, store, id, .fetchDeviceId(shot.input(pincode: F.pincode, address: " ")), code: 1006)
            let uuid = try #require(UUID(uuidString: id))
            #expect(try await store.activations(withScreenshot: shot.read.sha256).isEmpty, "refused readings leave no trace")

            _ = try await flows.advance(id: id, step: .fetchDeviceId(shot.input()))
            try await expectRefused(flows, store, id, .submitBasicDetails(pincode: "", address: ""), code: 1004)
            _ = try await flows.advance(id: id, step: .submitBasicDetails(pincode: F.pincode, address: F.address))
            try await expectRefused(flows, store, id, .openSecureScreen, code: 1008)
            try await expectRefused(flows, store, id, .complete, code: 1008)
            try await expectRefused(flows, store, id, .sendUploadLink(mobile: F.membershipMobile), code: 1003)
            try await expectRefused(flows, store, id, .sendUploadLink(mobile: ""), code: 1003)
            try await expectRefused(flows, store, id, .smsSent, code: 4006)
            #expect(try await store.activation(id: uuid)?.version == 4)

            for unknown in [UUID().uuidString, "not-a-uuid"] {
                #expect(await F.failure { try await flows.get(id: unknown) }?.code == .notFound)
                #expect(await F.failure { try await flows.advance(id: unknown, step: .smsSent) }?.code == .notFound)
            }
        }
    }

    /// `step` is refused with `code`; the view is the stored one, and the store is unchanged.
    static func expectRefused(
        _ flows: ActivationFlows, _ store: any FlowStore, _ id: String, _ step: ActivationStep, code: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let uuid = try #require(UUID(uuidString: id), sourceLocation: sourceLocation)
        let before = try #require(try await store.activation(id: uuid), sourceLocation: sourceLocation)
        let view = try await flows.advance(id: id, step: step)
        #expect(view.refused && !view.success && view.error?.code == code, "\(step.kind)", sourceLocation: sourceLocation)
        #expect(view.version == before.version && view.state == before.machine.state, sourceLocation: sourceLocation)
        #expect(try await store.activation(id: uuid) == before, "a refused step stores nothing", sourceLocation: sourceLocation)
    }

    /// A second activation showing an IMEI another one used is flagged IMEI_ALREADY_ACTIVATED
    /// (sent to review), the same file again
    /// also DUPLICATE_SCREENSHOT; the flow itself goes on.
    static func duplicateIMEIIsFlagged(_ open: FlowStoreOpener) async throws {
        let shot = try F.screenshot()
        try await open { store in
            let flows = ActivationFlows(store: store, configuration: F.configuration)
            let first = try await started(flows)
            let firstView = try await flows.advance(id: first.id, step: .fetchDeviceId(shot.input()))
            let firstRisk = try #require(firstView.risk)
            #expect(!firstRisk.codes.contains(.imeiAlreadyActivated))

            // The same file again.
            let second = try await started(flows)
            let secondView = try await flows.advance(id: second.id, step: .fetchDeviceId(shot.input()))
            let secondRisk = try #require(secondView.risk)
            #expect(secondRisk.codes.contains(.imeiAlreadyActivated) && secondRisk.codes.contains(.duplicateScreenshot))
            #expect(secondRisk.decision == .review)
            #expect(secondView.stage == .provideUserBasicDetail, "the risk flags the activation; it does not stop the machine")

            // Another file showing the same IMEIs, under a policy that reviews duplicates.
            let reviewing = ActivationFlows(
                store: store, configuration: FlowConfiguration(riskPolicy: F.reviewingPolicy, now: { F.now }))
            let third = try await started(reviewing)
            let thirdView = try await reviewing.advance(
                id: third.id, step: .fetchDeviceId(shot.input(sha256: String(repeating: "ab", count: 32), facts: .some(nil))))
            let thirdRisk = try #require(thirdView.risk)
            #expect(thirdRisk.codes == [.imeiAlreadyActivated])
            #expect(thirdRisk.decision == .review)
            #expect(!thirdRisk.reasons[0].detail.contains(shot.truth[0]), "reasons never write an IMEI out")

            // A declared IMEI that another activation recorded is flagged too.
            let fourth = try await started(flows)
            var declared = ActivationStep.DeviceIdInput(
                screenshot: F.synthetic(F.otherIMEI), screenshotSHA256: String(repeating: "cd", count: 32))
            declared.declaredIMEI = shot.truth[1]
            let fourthRisk = try #require(try await flows.advance(id: fourth.id, step: .fetchDeviceId(declared)).risk)
            #expect(fourthRisk.codes.contains(.imeiAlreadyActivated) && fourthRisk.codes.contains(.imeiMismatch))

            // A device nobody used is not flagged, and the first stays as it was assessed.
            let fifth = try await started(flows)
            let fresh = ActivationStep.DeviceIdInput(
                screenshot: F.synthetic("352099001761481", "352099001761499"), screenshotSHA256: String(repeating: "ef", count: 32))
            let fifthRisk = try #require(try await flows.advance(id: fifth.id, step: .fetchDeviceId(fresh)).risk)
            #expect(fifthRisk.decision == .allow && fifthRisk.reasons.isEmpty)
            #expect(try await flows.get(id: first.id).risk == firstRisk)
            #expect(try await store.activations(usingIMEI: shot.truth[0]).count == 3)
        }
    }

    /// Writes are compare-and-set on the version: a stale write loses, a pinned stale version
    /// is FLOW_CONFLICT, a lost race is retried once on the new state, and concurrent steps
    /// are applied exactly once.
    static func concurrentAdvancesAreSerialized(_ open: FlowStoreOpener) async throws {
        try await open { store in
            let flows = ActivationFlows(store: store, configuration: F.configuration)
            let view = try await started(flows)
            let uuid = try #require(UUID(uuidString: view.id))

            // The store's compare-and-set.
            var record = try #require(try await store.activation(id: uuid))
            let read = record.version
            record.version = read + 1
            #expect(try await store.update(record, ifVersion: read))
            #expect(try await store.update(record, ifVersion: read) == false, "a write over a version that moved on loses")
            #expect(try await store.activation(id: uuid)?.version == read + 1)
            #expect(await F.failure { try await store.create(record) }?.code == .duplicateID)

            // A pinned version that is not the stored one.
            let current = try await flows.get(id: view.id)
            let stale = await F.failure {
                try await flows.advance(id: view.id, step: .fetchDeviceId(try F.screenshot().input()), expectedVersion: current.version - 1)
            }
            #expect(stale?.code == .conflict)
            #expect(try await flows.get(id: view.id) == current)

            // One lost race: retried on the new state and applied.
            let once = ActivationFlows(store: RacingFlowStore(store, races: 1, rival: RacingFlowStore.bump), configuration: F.configuration)
            let applied = try await once.advance(id: view.id, step: .fetchDeviceId(try F.screenshot().input()))
            #expect(applied.stage == .provideUserBasicDetail && applied.version == current.version + 2)

            // Two lost races: FLOW_CONFLICT, and nothing of the step stored.
            let always = ActivationFlows(store: RacingFlowStore(store, races: 2, rival: RacingFlowStore.bump), configuration: F.configuration)
            let lost = await F.failure {
                try await always.advance(id: view.id, step: .submitBasicDetails(pincode: F.pincode, address: F.address))
            }
            #expect(lost?.code == .conflict)
            let afterRaces = try await flows.get(id: view.id)
            #expect(afterRaces.stage == .provideUserBasicDetail && afterRaces.version == applied.version + 2)

            // A rival that applies the same step first: the retry finds it illegal and refuses it.
            let rivalStep = ActivationFlows(
                store: RacingFlowStore(store, races: 1) { base, id in
                    _ = try await ActivationFlows(store: base).advance(
                        id: FlowJSON.key(id), step: .submitBasicDetails(pincode: F.pincode, address: F.address))
                }, configuration: F.configuration)
            let refused = try await rivalStep.advance(id: view.id, step: .submitBasicDetails(pincode: F.pincode, address: F.address))
            #expect(refused.refused && refused.error?.code == 4006 && refused.stage == .sendUploadLink)
            #expect(refused.version == afterRaces.version + 1)

            // Four requests at once: one is applied, the others are refused on the new state.
            let before = try await flows.get(id: view.id)
            let results = try await withThrowingTaskGroup(of: ActivationView.self) { group in
                for _ in 0..<4 {
                    group.addTask { try await flows.advance(id: view.id, step: .sendUploadLink(mobile: F.uploadMobile)) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(results.filter { !$0.refused }.count == 1)
            #expect(results.filter(\.refused).allSatisfy { $0.error?.code == 4006 })
            #expect(try await flows.get(id: view.id).version == before.version + 1)
        }
    }
}
