@testable import ActivationBatch
@testable import ActivationFlows
@testable import ActivationPipeline
@testable import ActivationReader
@testable import ActivationStorage
@testable import ActivationVision
import Foundation
import TestSupport
import Testing

/// The views' JSON, the steps' JSON, and the tables the views are built from. Pure: no store.
@Suite struct RecordsViewTests {
    typealias F = RecordsFixtures

    static func json(_ value: some Encodable) throws -> [String: Any] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try #require(try JSONSerialization.jsonObject(with: encoder.encode(value)) as? [String: Any])
    }

    static func roundTrip<T: Codable & Equatable>(_ value: T) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
    }

    static func record(_ machine: ActivationMachine, risk: RiskAssessment? = nil) -> ActivationRecord {
        ActivationRecord(id: UUID(), machine: machine, risk: risk, version: 3, createdAt: F.now, updatedAt: F.now)
    }

    @Test func activationViewWritesEveryKeyWithNulls() throws {
        let view = ActivationView(Self.record(try ActivationFixtures.machine(in: .initialized)))
        let object = try Self.json(view)
        #expect(Set(object.keys) == [
            "id", "state", "stage", "nextAction", "nextSteps", "effect", "success", "refused", "error", "imei", "imeis",
            "risk", "version", "createdAt", "updatedAt",
        ])
        #expect(object["effect"] is NSNull && object["error"] is NSNull && object["imei"] is NSNull && object["risk"] is NSNull)
        #expect(object["stage"] as? String == "INITIALIZEDSDK" && object["state"] as? String == "initialized")
        #expect(object["nextSteps"] as? [String] == ["start"])
        #expect(object["createdAt"] as? String == "2025-06-01T10:00:00.000Z")
        #expect(try Self.roundTrip(view) == view)
    }

    @Test func activationViewCarriesTheSDKErrorAndTheRisk() throws {
        let risk = RiskAssessment(
            score: 100, decision: .deny, reasons: [RiskReason(code: .imeiAlreadyActivated, points: 100, detail: "TAC 35209900 already used")])
        let machine = try ActivationFixtures.machine(in: .uploadLinkRequested)
        let view = ActivationView(Self.record(machine, risk: risk), error: .emptyPincode.with(detail: "x"), refused: true)
        let object = try Self.json(view)
        let error = try #require(object["error"] as? [String: Any])
        #expect(error["code"] as? Int == 1005 && error["name"] as? String == "ERROR_EMPTY_PINCODE")
        #expect(error["message"] as? String == "PINCODE IS EMPTY" && error["detail"] as? String == "x")
        #expect(object["success"] as? Bool == false && object["refused"] as? Bool == true)
        let effect = try #require(object["effect"] as? [String: Any])
        #expect(effect["kind"] as? String == "sendUploadLinkSMS" && effect["mobile"] as? String == "9123456789")
        let riskObject = try #require(object["risk"] as? [String: Any])
        #expect(riskObject["decision"] as? String == "deny" && riskObject["score"] as? Int == 100)
        let reasons = try #require(riskObject["reasons"] as? [[String: Any]])
        #expect(reasons.first?["code"] as? String == "IMEI_ALREADY_ACTIVATED")
        #expect(object["imei"] as? String == ActivationFixtures.slot1)
        #expect(try Self.roundTrip(view) == view)
    }

    @Test func enrollmentViewWritesEveryKeyWithNulls() throws {
        var machine = ApplicationMachine()
        _ = try machine.handle(.initiate(allowedRetries: 2))
        let record = EnrollmentRecord(id: UUID(), machine: .finaptic(machine), createdAt: F.now, updatedAt: F.now)
        let view = EnrollmentView(record, error: EnrollmentError(.illegalTransition, "accept in New Application"))
        let object = try Self.json(view)
        #expect(Set(object.keys) == [
            "id", "kind", "status", "state", "final", "nextAction", "nextSteps", "refused", "error", "remainingAllowedRetries",
            "failureStatusCodes", "documentsValidated", "selfieValidated", "statusReasonCode", "statusReasonMessage",
            "deviceId", "version", "createdAt", "updatedAt",
        ])
        #expect(object["state"] is NSNull && object["deviceId"] is NSNull)
        #expect(object["status"] as? String == "New Application" && object["remainingAllowedRetries"] as? Int == 2)
        let error = try #require(object["error"] as? [String: Any])
        #expect(error["code"] as? String == "ILLEGAL_TRANSITION" && object["refused"] as? Bool == true)
        #expect(try Self.roundTrip(view) == view)
    }

    /// The states' `nextSteps` are exactly the steps the machine accepts there.
    @Test func nextStepsAreWhatTheMachineAccepts() throws {
        for state in ActivationMachine.State.allCases {
            let machine = try ActivationFixtures.machine(in: state)
            for kind in ActivationMachine.Event.Kind.allCases {
                var copy = machine
                let accepted = (try? copy.handle(ActivationFixtures.event(kind))) != nil
                #expect(accepted == state.nextSteps.contains(kind), "\(kind) in \(state)")
            }
        }
    }

    @Test func everyStageHasTheSDKsNextAction() {
        #expect(OAAction.allCases.allSatisfy { !$0.nextAction.isEmpty })
        #expect(OAAction.fetchDeviceId.nextAction == "CALL FETCHDEVICEID METHOD OF OAACTIVATION OBJECT")
        #expect(OAAction.completed.nextAction == "NA")
    }

    @Test func activationStepsRoundTripAsFlatJSON() throws {
        let input = ActivationStep.DeviceIdInput(
            screenshot: F.synthetic(ActivationFixtures.slot1), screenshotSHA256: "ab", imageFacts: ImageFacts(pixelWidth: 1, pixelHeight: 2),
            pincode: "110001", declaredModel: "iPhone15,2")
        let steps: [ActivationStep] = [
            .initialize(token: "t"), .start(activationCode: "A", membershipStatus: .reupload, membershipMobile: "9876543210"),
            .fetchDeviceId(input), .submitBasicDetails(pincode: "1", address: "a"), .sendUploadLink(mobile: "9"), .smsSent,
            .smsFailed(detail: nil), .smsFailed(detail: "d"), .openSecureScreen, .secureScreenDismissed, .complete,
        ]
        for step in steps {
            #expect(try Self.roundTrip(step) == step)
            #expect(try Self.json(step)["step"] as? String == step.kind.rawValue)
        }
        #expect(steps.filter(\.requiresScreenshot).count == 1)

        let decoded = try JSONDecoder().decode(
            ActivationStep.self,
            from: Data(#"{"step": "start", "activationCode": "A", "membershipStatus": "In-Progress", "membershipMobile": "9876543210"}"#.utf8))
        #expect(decoded == .start(activationCode: "A", membershipStatus: .inProgress, membershipMobile: "9876543210"))
        let missing = try JSONDecoder().decode(ActivationStep.self, from: Data(#"{"step": "submitBasicDetails"}"#.utf8))
        #expect(missing == .submitBasicDetails(pincode: "", address: ""), "missing inputs reach the machine, which answers 1004")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ActivationStep.self, from: Data(#"{"step": "fly"}"#.utf8)) }
    }

    @Test func enrollmentStepsAndCreationsRoundTripAsFlatJSON() throws {
        let steps: [EnrollmentStep] = [
            .update, .validateDocuments(preValidation: .pass, outcome: .passed),
            .validateSelfie(preValidation: .fail(reasons: ["NO_FACE"]), outcome: .failed(failureStatusCodes: ["X"])),
            .validateApplication(outcome: .failed(failureStatusCodes: [])), .accept, .finalize, .cancel,
            .reject(failureStatusCodes: ["FAILURE_CODE_FRAUD"]), .redirectionCompleted, .fidoOptionsReceived, .confirmed(false),
            .webhook(.failed, reasonCode: "c", reasonMessage: "m"), .webhook(.pending),
        ]
        for step in steps {
            #expect(try Self.roundTrip(step) == step)
        }
        let selfie = try Self.json(steps[2])
        #expect(selfie["preValidation"] as? String == "fail" && selfie["preValidationReasons"] as? [String] == ["NO_FACE"])
        #expect(selfie["outcome"] as? String == "failed" && selfie["failureStatusCodes"] as? [String] == ["X"])
        #expect(steps.filter(\.requiresKYCImages).count == 2)

        for creation in [EnrollmentCreation.finaptic(allowedRetries: 3), F.belvo()] {
            #expect(try Self.roundTrip(creation) == creation)
        }
        let belvo = try Self.json(F.belvo())
        #expect((belvo["riskSignals"] as? [String: Any])?["device_id"] as? String == "dev-1")
        let bare = try JSONDecoder().decode(EnrollmentCreation.self, from: Data(#"{"kind": "belvo"}"#.utf8))
        guard case .belvo(let cpf, _, _, let signals, _) = bare else {
            Issue.record("a belvo creation must decode as one")
            return
        }
        #expect(cpf.isEmpty && signals.json == nil, "missing fields reach the machine, which refuses them with its codes")
    }

    @Test func theReadersDecodeHashesLikeTheBatchAndReadsTheSize() throws {
        let path = F.repository.appendingPathComponent("samples/0000_xiaomi_status_dark_png.png").path
        let file = try Screenshot.load(path: path, maxBytes: 64 << 20).get()
        let uploaded = Screenshot(name: "upload.png", bytes: file.bytes)
        #expect(uploaded.sha256 == file.sha256 && uploaded.sha256.count == 64)
        let header = try ImageDecoder.header(of: file.bytes)
        let facts = ImageFacts(try ImageDecoder.decode(file.bytes))
        #expect(facts.pixelWidth == header.width && facts.pixelHeight == header.height && facts.format == .png)
        let notAnImage = Screenshot(name: "x.png", bytes: Array("not an image".utf8))
        #expect(try IMEIReader().read(notAnImage).facts == nil)
    }

    @Test func storeLocationsAreParsed() throws {
        #expect(try StoreLocation.flows(db: nil, url: nil) == .sqlite(path: StoreLocation.flowsDatabase))
        #expect(try StoreLocation.flows(db: "x.sqlite", url: nil) == .sqlite(path: "x.sqlite"))
        guard case .postgres(let url) = try StoreLocation.flows(db: nil, url: "postgres://u:secret@db.example/flows?schema=f") else {
            Issue.record("a postgres URL must give a postgres location")
            return
        }
        #expect(url.schema == "f" && !String(describing: StoreLocation.postgres(url)).contains("secret"))
        #expect(throws: FlowError.self) { try StoreLocation.flows(db: nil, url: "mysql://x/y") }
        #expect(throws: FlowError.self) { try StoreLocation.flows(db: "x", url: "postgres://u@h/d") }
    }
}
