@testable import ActivationPipeline
import Foundation
import TestSupport
import Testing

typealias State = ActivationMachine.State
typealias Kind = ActivationMachine.Event.Kind

@Suite struct ActivationMachineTransitionTableTests {
    /// Expected outcome of every event kind (columns, in `Kind.allCases` order) in every state
    /// (rows): the next state's name, or the SDK error code that refuses the event.
    static let columns: [Kind] = [.initialize, .start, .fetchDeviceId, .submitBasicDetails, .sendUploadLink, .smsSent, .smsFailed, .openSecureScreen, .secureScreenDismissed, .complete]
    static let table: [State: [String]] = [
        //                       initialize     start               fetchDeviceId           submitBasicDetails     sendUploadLink          smsSent           smsFailed             openSecureScreen    secureScreenDismissed    complete
        .uninitialized:         ["initialized", "4006",             "4006",                 "4006",                "4006",                 "4006",           "4006",               "4006",             "4006",                  "4006"],
        .initialized:           ["4006",        "awaitingDeviceId", "4006",                 "4006",                "4006",                 "4006",           "4006",               "4006",             "4006",                  "4006"],
        .awaitingDeviceId:      ["4006",        "4006",             "awaitingBasicDetails", "4006",                "4006",                 "4006",           "4006",               "4006",             "4006",                  "4006"],
        .awaitingBasicDetails:  ["4006",        "4006",             "4006",                 "awaitingUploadLink",  "4006",                 "4006",           "4006",               "4006",             "4006",                  "4006"],
        .awaitingUploadLink:    ["4006",        "4006",             "4006",                 "4006",                "uploadLinkRequested",  "4006",           "4006",               "1008",             "4006",                  "1008"],
        .uploadLinkRequested:   ["4006",        "4006",             "4006",                 "4006",                "4006",                 "uploadLinkSent", "awaitingUploadLink", "1008",             "4006",                  "1008"],
        .uploadLinkSent:        ["4006",        "4006",             "4006",                 "4006",                "uploadLinkRequested",  "4006",           "4006",               "secureScreenOpen", "4006",                  "completed"],
        .secureScreenOpen:      ["4006",        "4006",             "4006",                 "4006",                "4006",                 "4006",           "4006",               "4006",             "secureScreenDismissed", "4006"],
        .secureScreenDismissed: ["4006",        "4006",             "4006",                 "4006",                "uploadLinkRequested",  "4006",           "4006",               "secureScreenOpen", "4006",                  "completed"],
        .completed:             ["4006",        "4006",             "4006",                 "4006",                "4006",                 "4006",           "4006",               "4006",             "4006",                  "4006"],
    ]

    @Test func tableCoversEveryStateAndEvent() {
        #expect(Self.columns == Kind.allCases)
        #expect(Set(Self.table.keys) == Set(State.allCases))
        for (state, row) in Self.table {
            #expect(row.count == Kind.allCases.count, "\(state)")
        }
    }

    @Test(arguments: State.allCases, Kind.allCases)
    func everyStateTimesEveryEvent(_ state: State, _ kind: Kind) throws {
        let column = try #require(Self.columns.firstIndex(of: kind))
        let expected = try #require(Self.table[state]?[column])
        let before = try ActivationFixtures.machine(in: state)
        var machine = before
        let outcome: Result<ActivationMachine.Action, OAError>
        do {
            outcome = .success(try machine.handle(ActivationFixtures.event(kind)))
        } catch {
            outcome = .failure(error)
        }
        switch outcome {
        case .success(let action):
            let next = try #require(State(rawValue: expected), "\(kind) in \(state) was applied but should be refused with \(expected)")
            #expect(machine.state == next)
            switch action {
            case .report(let stage):
                #expect(stage == next.stage)
            case .sendUploadLinkSMS(let mobile):
                #expect(mobile == "9123456789")
                #expect(next == .uploadLinkRequested)
            case .showSecureScreen:
                #expect(next == .secureScreenOpen)
            case .failed(let error, let stage):
                #expect(error.code == 3004)
                #expect(stage == next.stage)
            }
        case .failure(let error):
            #expect(String(error.code) == expected, "\(kind) in \(state)")
            #expect(machine == before, "a refused event must change nothing")
            if error.code == 4006 {
                #expect(error.detail == "ILLEGAL_TRANSITION: \(kind.rawValue) in \(state.rawValue)")
            }
        }
    }
}

@Suite struct ActivationMachineInputTests {
    @Test(arguments: ["", "   ", "\n"])
    func emptyTokenIs1001(_ token: String) {
        var machine = ActivationMachine()
        #expect(ActivationFixtures.errorCode { _ = try machine.handle(.initialize(token: token)) } == 1001)
        #expect(machine.state == .uninitialized)
    }

    @Test func emptyActivationCodeIs1002() throws {
        var machine = try ActivationFixtures.machine(in: .initialized)
        #expect(ActivationFixtures.errorCode {
            _ = try machine.handle(.start(activationCode: " ", membershipStatus: .postDetailsPending, membershipMobile: ActivationFixtures.ownMobile))
        } == 1002)
    }

    @Test(arguments: [
        (MembershipStatus.inProgress, 2001), (.pending, 2002), (.approved, 2003),
        (.queued, 2004), (.rejected, 2005), (.cancelled, 2006),
    ])
    func membershipStatusesThatStopTheFlow(_ status: MembershipStatus, _ code: Int) throws {
        var machine = try ActivationFixtures.machine(in: .initialized)
        #expect(ActivationFixtures.errorCode {
            _ = try machine.handle(.start(activationCode: "ACT-1", membershipStatus: status, membershipMobile: ActivationFixtures.ownMobile))
        } == code)
        #expect(machine.state == .initialized)
    }

    @Test(arguments: [MembershipStatus.postDetailsComplete, .reupload])
    func detailsAlreadyGivenGoStraightToTheUploadLink(_ status: MembershipStatus) throws {
        var machine = try ActivationFixtures.machine(in: .initialized)
        let action = try machine.handle(.start(activationCode: "ACT-1", membershipStatus: status, membershipMobile: ActivationFixtures.ownMobile))
        #expect(action == .report(.sendUploadLink))
        #expect(machine.state == .awaitingUploadLink)
        #expect(machine.context.membershipStatus == status)
    }

    @Test func unusableMembershipMobileIs3001() throws {
        var machine = try ActivationFixtures.machine(in: .initialized)
        #expect(ActivationFixtures.errorCode {
            _ = try machine.handle(.start(activationCode: "ACT-1", membershipStatus: .postDetailsPending, membershipMobile: "12345"))
        } == 3001)
    }

    @Test func missingOrInvalidIMEIIs1007() throws {
        var machine = try ActivationFixtures.machine(in: .awaitingDeviceId)
        #expect(ActivationFixtures.errorCode { _ = try machine.handle(.fetchDeviceId(.imeis([]))) } == 1007)
        #expect(ActivationFixtures.errorCode { _ = try machine.handle(.fetchDeviceId(.imeis(["352099001761482"]))) } == 1007)
        #expect(machine.state == .awaitingDeviceId)
        #expect(machine.context.imeis == [])
    }

    @Test func readerErrorsPassThrough() throws {
        var machine = try ActivationFixtures.machine(in: .awaitingDeviceId)
        #expect(ActivationFixtures.errorCode { _ = try machine.handle(.fetchDeviceId(.failed(.unableToDoOCR))) } == 4001)
        #expect(ActivationFixtures.errorCode { _ = try machine.handle(.fetchDeviceId(.failed(.screenshotLoad))) } == 4005)
        #expect(machine.state == .awaitingDeviceId)
    }

    @Test func fetchDeviceIdWithDetailsSkipsTheDetailsStep() throws {
        var machine = try ActivationFixtures.machine(in: .awaitingDeviceId)
        let action = try machine.handle(.fetchDeviceId(.imeis(["35-209900-176148-1"]), pincode: "110 001", address: " 1 MG Road "))
        #expect(action == .report(.sendUploadLink))
        #expect(machine.state == .awaitingUploadLink)
        #expect(machine.context.imeis == [ActivationFixtures.slot1])
        #expect(machine.context.pincode == "110001")
        #expect(machine.context.address == "1 MG Road")
    }

    @Test(arguments: [
        ("110001", nil, 1006), (nil, "1 MG Road", 1005), ("", "", 1004),
        ("012345", "1 MG Road", 1005), ("110001", "  ", 1006),
    ] as [(String?, String?, Int)])
    func fetchDeviceIdChecksPartialDetails(_ pincode: String?, _ address: String?, _ code: Int) throws {
        var machine = try ActivationFixtures.machine(in: .awaitingDeviceId)
        #expect(ActivationFixtures.errorCode {
            _ = try machine.handle(.fetchDeviceId(.imeis([ActivationFixtures.slot1]), pincode: pincode, address: address))
        } == code)
        #expect(machine.state == .awaitingDeviceId)
    }

    @Test(arguments: [
        ("", "", 1004), ("  ", "1 MG Road", 1005), ("11000", "1 MG Road", 1005),
        ("101123", "1 MG Road", 1005), ("110001", "", 1006),
    ])
    func submitBasicDetailsErrors(_ pincode: String, _ address: String, _ code: Int) throws {
        var machine = try ActivationFixtures.machine(in: .awaitingBasicDetails)
        #expect(ActivationFixtures.errorCode { _ = try machine.handle(.submitBasicDetails(pincode: pincode, address: address)) } == code)
        #expect(machine.state == .awaitingBasicDetails)
    }

    @Test(arguments: ["", "  ", "12345", "5123456789", "+44 7911 123456"])
    func badUploadLinkNumberIs1003(_ mobile: String) throws {
        var machine = try ActivationFixtures.machine(in: .awaitingUploadLink)
        #expect(ActivationFixtures.errorCode { _ = try machine.handle(.sendUploadLink(mobile: mobile)) } == 1003)
        #expect(machine.state == .awaitingUploadLink)
    }

    @Test(arguments: ["9876543210", "+91 98765 43210", "098765-43210"])
    func uploadLinkToTheMembershipsOwnNumberIsRefused(_ mobile: String) throws {
        var machine = try ActivationFixtures.machine(in: .awaitingUploadLink)
        do {
            _ = try machine.handle(.sendUploadLink(mobile: mobile))
            Issue.record("the membership's own number was accepted")
        } catch {
            #expect(error.code == 1003)
            #expect(error.detail?.hasPrefix("SAME_AS_MEMBERSHIP_MOBILE") == true)
        }
        #expect(machine.state == .awaitingUploadLink)
    }

    @Test func secureScreenBeforeTheSMSIs1008() throws {
        var machine = try ActivationFixtures.machine(in: .uploadLinkRequested)
        do {
            _ = try machine.handle(.openSecureScreen)
            Issue.record("opened before the SMS")
        } catch {
            #expect(error == OAError.smsNotSent.with(detail: "openSecureScreen needs the upload-link SMS to have been sent"))
        }
    }
}

@Suite struct ActivationMachineFlowTests {
    @Test func happyPathReportsTheSDKStagesInOrder() throws {
        var machine = ActivationMachine()
        #expect(machine.stage == nil)
        var actions: [ActivationMachine.Action] = []
        for kind in ActivationFixtures.path(to: .completed) {
            actions.append(try machine.handle(ActivationFixtures.event(kind)))
        }
        #expect(actions == [
            .report(.initializedSDK), .report(.fetchDeviceId), .report(.provideUserBasicDetail),
            .report(.sendUploadLink), .sendUploadLinkSMS(mobile: "9123456789"),
            .report(.sendUploadLinkOrOpenSecureScreen), .showSecureScreen,
            .report(.secureScreenDismissed), .report(.completed),
        ])
        #expect(machine.stage == .completed)
        #expect(machine.context.imeis == [ActivationFixtures.slot1, ActivationFixtures.slot2])
        #expect(machine.context.membershipMobile == "9876543210")
        #expect(machine.context.uploadMobile == "9123456789")
        #expect(machine.context.uploadLinkDelivered)
    }

    @Test func failedSMSGoesBackToWhereItWas() throws {
        var first = try ActivationFixtures.machine(in: .uploadLinkRequested)
        #expect(try first.handle(.smsFailed(detail: "gateway timeout")) == .failed(OAError.sendUploadLink.with(detail: "gateway timeout"), next: .sendUploadLink))
        #expect(first.state == .awaitingUploadLink)

        var resend = try ActivationFixtures.machine(in: .uploadLinkSent)
        _ = try resend.handle(.sendUploadLink(mobile: "7000000001"))
        #expect(try resend.handle(.smsFailed()) == .failed(.sendUploadLink, next: .sendUploadLinkOrOpenSecureScreen))
        #expect(resend.state == .uploadLinkSent)
        #expect(resend.context.uploadMobile == "7000000001")
    }

    @Test func linkUploadMayCompleteWithoutTheSecureScreen() throws {
        var machine = try ActivationFixtures.machine(in: .uploadLinkSent)
        #expect(try machine.handle(.complete) == .report(.completed))
    }

    @Test func machineSurvivesAJSONRoundTrip() throws {
        for state in State.allCases {
            let machine = try ActivationFixtures.machine(in: state)
            let data = try JSONEncoder().encode(machine)
            let restored = try JSONDecoder().decode(ActivationMachine.self, from: data)
            #expect(restored == machine)
            #expect(String(decoding: data, as: UTF8.self).contains("\"\(state.rawValue)\""))
            #expect(!String(decoding: data, as: UTF8.self).contains("token-123"), "the token is never stored")
        }
    }

    @Test func readerResultsBecomeDeviceIdReadings() {
        let reading = IMEIReading(value: ActivationFixtures.slot1, label: "IMEI", slot: 1, softwareVersion: nil, confidence: 0.9, box: [0, 0, 1, 1], corrected: false)
        #expect(ActivationMachine.DeviceIdReading(ScreenshotResult(file: "a.png", imeis: [reading], meid: nil, error: nil)) == .imeis([ActivationFixtures.slot1]))
        #expect(ActivationMachine.DeviceIdReading(.failure("a.png", .screenshotLoad.with(detail: "truncated PNG"))) == .failed(.screenshotLoad.with(detail: "truncated PNG")))
        #expect(ActivationMachine.DeviceIdReading(ScreenshotResult(file: "a.png", imeis: [], meid: nil, error: nil)) == .failed(.unableToDoOCR))
    }
}

@Suite struct OAActionAndMembershipStatusTests {
    @Test func actionRawValuesAreTheSDKs() {
        #expect(OAAction.allCases.map(\.rawValue) == [
            "INITIALIZEDSDK", "FETCHDEVICEID", "PROVIDEUSERBASICDETAIL", "SENDUPLOADLINK",
            "SENDUPLOADLINKOROPENSECURESCREEN", "SECURESCREENDISMISSED", "COMPLETED",
        ])
    }

    @Test func statusesStartOrStopTheFlow() {
        #expect(MembershipStatus.allCases.filter(\.startsFlow) == [.postDetailsPending, .postDetailsComplete, .reupload])
        #expect(MembershipStatus.allCases.compactMap(\.error?.code) == [2001, 2002, 2003, 2004, 2005, 2006])
        #expect(MembershipStatus(apiValue: "IN_PROGRESS") == .inProgress)
        #expect(MembershipStatus(apiValue: "postdtlpending") == .postDetailsPending)
        #expect(MembershipStatus(apiValue: "ACTIVE") == nil)
    }
}
