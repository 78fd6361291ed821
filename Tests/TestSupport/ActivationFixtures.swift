public import ActivationPipeline
import Testing

/// Helpers that drive a machine along the canonical path.
public enum ActivationFixtures {
    public typealias State = ActivationMachine.State
    public typealias Kind = ActivationMachine.Event.Kind

    public static let slot1 = "352099001761481"
    public static let slot2 = "352099001761499"
    public static let ownMobile = "9876543210"
    public static let secondMobile = "+91 91234 56789"

    /// One well-formed event of each kind.
    public static func event(_ kind: Kind) -> ActivationMachine.Event {
        switch kind {
        case .initialize: .initialize(token: "token-123")
        case .start: .start(activationCode: "ACT-1", membershipStatus: .postDetailsPending, membershipMobile: ownMobile)
        case .fetchDeviceId: .fetchDeviceId(.imeis([slot1, slot2]))
        case .submitBasicDetails: .submitBasicDetails(pincode: "110001", address: "1 MG Road, New Delhi")
        case .sendUploadLink: .sendUploadLink(mobile: secondMobile)
        case .smsSent: .smsSent
        case .smsFailed: .smsFailed(detail: nil)
        case .openSecureScreen: .openSecureScreen
        case .secureScreenDismissed: .secureScreenDismissed
        case .complete: .complete
        }
    }

    /// The events that lead from a new machine to `state`.
    public static func path(to state: State) -> [Kind] {
        let full: [Kind] = [.initialize, .start, .fetchDeviceId, .submitBasicDetails, .sendUploadLink, .smsSent, .openSecureScreen, .secureScreenDismissed, .complete]
        let length: Int = switch state {
        case .uninitialized: 0
        case .initialized: 1
        case .awaitingDeviceId: 2
        case .awaitingBasicDetails: 3
        case .awaitingUploadLink: 4
        case .uploadLinkRequested: 5
        case .uploadLinkSent: 6
        case .secureScreenOpen: 7
        case .secureScreenDismissed: 8
        case .completed: 9
        }
        return Array(full.prefix(length))
    }

    public static func machine(in state: State) throws -> ActivationMachine {
        var machine = ActivationMachine()
        for kind in path(to: state) {
            _ = try machine.handle(event(kind))
        }
        #expect(machine.state == state)
        return machine
    }

    /// The OAError code `body` throws, nil when it does not throw.
    public static func errorCode(_ body: () throws -> Void) -> Int? {
        do {
            try body()
            return nil
        } catch {
            return (error as? OAError)?.code ?? -1
        }
    }
}
