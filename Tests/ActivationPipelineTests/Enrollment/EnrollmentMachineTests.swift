@testable import ActivationPipeline
import DeviceInfo
import Foundation
import Testing

/// Sample events and canonical paths for the Belvo enrollment machine.
enum EnrollmentFixtures {
    static let today = CalendarDate(year: 2025, month: 6, day: 1)!

    static func signals(_ json: String = #"{"device_id": "dev-1", "accountTenure": "2023-05-01", "isRootedDevice": false}"#) -> RiskSignalsPayload {
        RiskSignalsPayload(data: Data(json.utf8))
    }

    static func request(cpf: String = "390.533.447-05", institution: String = "ofmockbank_br_retail", accountTenure: String = "2023-05-01", signals: RiskSignalsPayload = signals(), callbackURL: String = "https://myapp.com/callback") -> EnrollmentMachine.CreateRequest {
        EnrollmentMachine.CreateRequest(cpf: cpf, institution: institution, accountTenure: accountTenure, riskSignals: signals, callbackURL: callbackURL, today: today)
    }

    enum Sample: String, CaseIterable {
        case create, redirectionCompleted, fidoOptionsReceived, confirmedTrue, confirmedFalse
        case webhookPending, webhookSucceeded, webhookFailed

        var event: EnrollmentMachine.Event {
            switch self {
            case .create: .create(EnrollmentFixtures.request())
            case .redirectionCompleted: .redirectionCompleted
            case .fidoOptionsReceived: .fidoOptionsReceived
            case .confirmedTrue: .confirmed(true)
            case .confirmedFalse: .confirmed(false)
            case .webhookPending: .webhook(.pending)
            case .webhookSucceeded: .webhook(.succeeded)
            case .webhookFailed: .webhook(.failed, reasonCode: "institution_unavailable", reasonMessage: "The institution is unavailable")
            }
        }
    }

    static func path(to state: EnrollmentMachine.State) -> [Sample] {
        switch state {
        case .notCreated: []
        case .awaitingRedirection: [.create]
        case .awaitingFidoOptions: [.create, .redirectionCompleted]
        case .awaitingConfirmation: [.create, .redirectionCompleted, .fidoOptionsReceived]
        case .succeeded: [.create, .redirectionCompleted, .fidoOptionsReceived, .confirmedTrue]
        case .failed: [.create, .webhookFailed]
        }
    }

    static func machine(in state: EnrollmentMachine.State) throws -> EnrollmentMachine {
        var machine = EnrollmentMachine()
        for sample in path(to: state) {
            _ = try machine.handle(sample.event)
        }
        #expect(machine.state == state)
        return machine
    }

    static func errorCode(_ event: EnrollmentMachine.Event) -> String? {
        var machine = EnrollmentMachine()
        do {
            _ = try machine.handle(event)
            return nil
        } catch {
            #expect(machine == EnrollmentMachine())
            return error.code.rawValue
        }
    }
}

@Suite struct EnrollmentMachineTransitionTableTests {
    typealias S = EnrollmentFixtures.Sample
    typealias State = EnrollmentMachine.State

    /// Rows: state before. Columns: `Sample.allCases` order. Cells: the state after, or the
    /// error code that refuses the event.
    static let table: [State: [String]] = {
        let I = "ILLEGAL_TRANSITION"
        return [
            //                      create                 redirectionCompleted   fidoOptionsReceived     confirmedTrue  confirmedFalse  webhookPending          webhookSucceeded  webhookFailed
            .notCreated:           ["awaitingRedirection", I,                     I,                      I,             I,              I,                      I,                I],
            .awaitingRedirection:  [I,                     "awaitingFidoOptions", I,                      I,             I,              "awaitingRedirection",  I,                "failed"],
            .awaitingFidoOptions:  [I,                     I,                     "awaitingConfirmation", I,             I,              "awaitingFidoOptions",  I,                "failed"],
            .awaitingConfirmation: [I,                     I,                     I,                      "succeeded",   "failed",       "awaitingConfirmation", "succeeded",      "failed"],
            .succeeded:            [I,                     I,                     I,                      I,             I,              I,                      "succeeded",      I],
            .failed:               [I,                     I,                     I,                      I,             I,              I,                      I,                "failed"],
        ]
    }()

    @Test func tableCoversEveryStateAndEvent() {
        #expect(Set(Self.table.keys) == Set(State.allCases))
        #expect(Self.table.values.allSatisfy { $0.count == S.allCases.count })
    }

    @Test(arguments: State.allCases, S.allCases)
    func everyStateTimesEveryEvent(_ state: State, _ sample: S) throws {
        let row = try #require(Self.table[state])
        let column = try #require(S.allCases.firstIndex(of: sample))
        let expected = row[column]
        let before = try EnrollmentFixtures.machine(in: state)
        var machine = before
        let outcome: Result<EnrollmentMachine.Action, EnrollmentError>
        do {
            outcome = .success(try machine.handle(sample.event))
        } catch {
            outcome = .failure(error)
        }
        switch outcome {
        case .success(let action):
            let next = try #require(State(rawValue: expected), "\(sample) in \(state) was applied; expected \(expected)")
            #expect(machine.state == next)
            switch action {
            case .redirectToInstitution: #expect(next == .awaitingRedirection)
            case .fetchFidoOptions: #expect(next == .awaitingFidoOptions)
            case .startBiometricRegistration: #expect(next == .awaitingConfirmation)
            case .wait: #expect(machine == before)
            case .finished(let status): #expect(status == next.status)
            }
        case .failure(let error):
            #expect(error.code.rawValue == expected, "\(sample) in \(state)")
            #expect(machine == before, "a refused event must change nothing")
        }
    }
}

@Suite struct EnrollmentMachineCreateTests {
    @Test func createKeepsNormalisedValuesAndTheDeviceID() throws {
        var machine = EnrollmentMachine()
        #expect(machine.status == nil)
        #expect(try machine.handle(.create(EnrollmentFixtures.request())) == .redirectToInstitution)
        #expect(machine.status == .pending)
        #expect(machine.context.cpf == "39053344705")
        #expect(machine.context.deviceId == "dev-1")
        #expect(machine.context.accountTenure?.description == "2023-05-01")
        #expect(machine.context.riskSignals?.check(today: EnrollmentFixtures.today).isRootedDevice == false)
    }

    @Test(arguments: ["231.002.999-00", "111.111.111-11", "", "1234"])
    func invalidCPF(_ cpf: String) {
        #expect(EnrollmentFixtures.errorCode(.create(EnrollmentFixtures.request(cpf: cpf))) == "INVALID_CPF")
    }

    @Test func missingInstitution() {
        #expect(EnrollmentFixtures.errorCode(.create(EnrollmentFixtures.request(institution: "  "))) == "INVALID_INSTITUTION")
    }

    @Test(arguments: ["2023-02-29", "01/05/2023", "2025-06-02", ""])
    func invalidAccountTenure(_ tenure: String) {
        #expect(EnrollmentFixtures.errorCode(.create(EnrollmentFixtures.request(accountTenure: tenure, signals: EnrollmentFixtures.signals(#"{"device_id": "d"}"#)))) == "INVALID_ACCOUNT_TENURE")
    }

    @Test(arguments: ["", "myapp.com/callback", "://x", "https://", "https://my app.com"])
    func invalidCallbackURL(_ url: String) {
        #expect(EnrollmentFixtures.errorCode(.create(EnrollmentFixtures.request(callbackURL: url))) == "INVALID_CALLBACK_URL")
    }

    @Test(arguments: [
        #"{"isRootedDevice": false}"#,
        #"{"device_id": "d", "isEmulated": "no"}"#,
        #"{"device_id": "d", "accountTenure": "2020-01-01"}"#,
        "not json",
    ])
    func invalidRiskSignals(_ json: String) {
        #expect(EnrollmentFixtures.errorCode(.create(EnrollmentFixtures.request(signals: EnrollmentFixtures.signals(json)))) == "INVALID_RISK_SIGNALS")
    }

    @Test func failureKeepsBelvosReason() throws {
        var machine = try EnrollmentFixtures.machine(in: .awaitingFidoOptions)
        #expect(try machine.handle(.webhook(.failed, reasonCode: "institution_unavailable", reasonMessage: "down")) == .finished(.failed))
        #expect(machine.context.statusReasonCode == "institution_unavailable")
        #expect(machine.context.statusReasonMessage == "down")

        var refused = try EnrollmentFixtures.machine(in: .awaitingConfirmation)
        _ = try refused.handle(.confirmed(false))
        #expect(refused.status == .failed)
        #expect(refused.context.statusReasonCode == "CONFIRMATION_FAILED")
    }

    @Test func statusStringsAreBelvosOwn() {
        #expect(EnrollmentStatus.allCases.map(\.rawValue) == ["PENDING", "SUCCEEDED", "FAILED"])
        #expect(EnrollmentMachine.State.allCases.map { $0.status?.rawValue ?? "-" } == ["-", "PENDING", "PENDING", "PENDING", "SUCCEEDED", "FAILED"])
    }

    @Test func machineSurvivesAJSONRoundTrip() throws {
        for state in EnrollmentMachine.State.allCases {
            let machine = try EnrollmentFixtures.machine(in: state)
            let data = try JSONEncoder().encode(machine)
            #expect(try JSONDecoder().decode(EnrollmentMachine.self, from: data) == machine)
        }
    }
}
