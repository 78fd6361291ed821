import Foundation

/// The OneAssist activation flow as a pure value-type state machine.
///
/// The caller feeds one ``Event`` at a time to ``handle(_:)`` and performs the ``Action`` it
/// returns (tell the client a stage, send the upload-link SMS, show the secure screen). An event
/// the current state does not allow, or one with bad input, is refused with an ``OAError`` and
/// changes nothing. The machine is `Codable` so it can be stored between requests; it never
/// holds the SDK token.
///
/// The path: `initialize` → `start` → `fetchDeviceId` → `submitBasicDetails` →
/// `sendUploadLink` → `smsSent` → `openSecureScreen` → `secureScreenDismissed` → `complete`.
/// `fetchDeviceId` with pincode and address skips `submitBasicDetails`; `complete` may follow
/// `smsSent` directly when the documents were uploaded through the link.
///
/// Error codes, beyond the SDK's input errors 1001–1007 and membership errors 2001–2006:
/// - **1008** `ERROR_SMS_NOT_SENT`: `openSecureScreen` or `complete` before the upload-link SMS
///   was confirmed sent (no `sendUploadLink` yet, or no `smsSent` after it).
/// - **1003** `ERROR_EMPTY_MOBILE_NUMBER` also when the upload-link number is not a valid Indian
///   mobile, or is the membership's own number (detail `SAME_AS_MEMBERSHIP_MOBILE`): the link
///   must reach a second device.
/// - **1007** `ERROR_IMEI_MISSING` also when a reading holds a value that is not a valid IMEI.
/// - **3001** `ERROR_GET_MEMBERSHIP_DETAILS` when the membership's own mobile number, from the
///   membership details, is not a valid Indian mobile.
/// - **4006** `ERROR_UNABLE_TO_PROCESS_DESC` for every event the state does not allow, with
///   detail `ILLEGAL_TRANSITION: <event> in <state>`.
public struct ActivationMachine: Sendable, Hashable, Codable {
    /// Where the flow is.
    public private(set) var state: State
    /// What the flow has learnt so far.
    public private(set) var context: Context

    /// A machine before `initialize`.
    public init() {
        state = .uninitialized
        context = Context()
    }

    /// The SDK stage of the current state; nil before `initialize`.
    public var stage: OAAction? { state.stage }

    /// Applies `event`, or refuses it and leaves the machine as it was.
    public mutating func handle(_ event: Event) throws(OAError) -> Action {
        switch (state, event) {
        case (.uninitialized, .initialize(let token)):
            guard !token.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .emptyToken }
            state = .initialized
            return .report(.initializedSDK)

        case (.initialized, .start(let activationCode, let status, let membershipMobile)):
            return try start(activationCode: activationCode, status: status, membershipMobile: membershipMobile)

        case (.awaitingDeviceId, .fetchDeviceId(let reading, let pincode, let address)):
            let imeis = try Self.imeis(from: reading)
            if pincode == nil && address == nil {
                context.imeis = imeis
                state = .awaitingBasicDetails
                return .report(.provideUserBasicDetail)
            }
            let details = try Self.basicDetails(pincode: pincode ?? "", address: address ?? "")
            context.imeis = imeis
            (context.pincode, context.address) = details
            state = .awaitingUploadLink
            return .report(.sendUploadLink)

        case (.awaitingBasicDetails, .submitBasicDetails(let pincode, let address)):
            (context.pincode, context.address) = try Self.basicDetails(pincode: pincode, address: address)
            state = .awaitingUploadLink
            return .report(.sendUploadLink)

        case (.awaitingUploadLink, .sendUploadLink(let mobile)),
            (.uploadLinkSent, .sendUploadLink(let mobile)),
            (.secureScreenDismissed, .sendUploadLink(let mobile)):
            let number = try uploadLinkNumber(mobile)
            context.uploadMobile = number
            state = .uploadLinkRequested
            return .sendUploadLinkSMS(mobile: number)

        case (.uploadLinkRequested, .smsSent):
            context.uploadLinkDelivered = true
            state = .uploadLinkSent
            return .report(.sendUploadLinkOrOpenSecureScreen)

        case (.uploadLinkRequested, .smsFailed(let detail)):
            state = context.uploadLinkDelivered ? .uploadLinkSent : .awaitingUploadLink
            let error = detail.map { OAError.sendUploadLink.with(detail: $0) } ?? .sendUploadLink
            return .failed(error, next: state.stage ?? .sendUploadLink)

        case (.awaitingUploadLink, .openSecureScreen), (.uploadLinkRequested, .openSecureScreen),
            (.awaitingUploadLink, .complete), (.uploadLinkRequested, .complete):
            throw OAError.smsNotSent.with(detail: "\(event.kind.rawValue) needs the upload-link SMS to have been sent")

        case (.uploadLinkSent, .openSecureScreen), (.secureScreenDismissed, .openSecureScreen):
            state = .secureScreenOpen
            return .showSecureScreen

        case (.secureScreenOpen, .secureScreenDismissed):
            state = .secureScreenDismissed
            return .report(.secureScreenDismissed)

        case (.uploadLinkSent, .complete), (.secureScreenDismissed, .complete):
            state = .completed
            return .report(.completed)

        default:
            throw OAError.unableToProcess.with(detail: "ILLEGAL_TRANSITION: \(event.kind.rawValue) in \(state.rawValue)")
        }
    }

    /// `start`: checks the code, the membership status and the membership's own mobile number.
    private mutating func start(activationCode: String, status: MembershipStatus, membershipMobile: String) throws(OAError) -> Action {
        let code = activationCode.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !code.isEmpty else { throw .emptyActivationCode }
        if let error = status.error { throw error }
        let ownNumber: String
        do {
            ownNumber = try MobileNumberValidator().validate(membershipMobile)
        } catch {
            throw OAError.getMembershipDetails.with(detail: "the membership's mobile number is not usable: \(error.code.rawValue)")
        }
        context.activationCode = code
        context.membershipStatus = status
        context.membershipMobile = ownNumber
        switch status {
        case .postDetailsPending:
            state = .awaitingDeviceId
            return .report(.fetchDeviceId)
        default:
            state = .awaitingUploadLink
            return .report(.sendUploadLink)
        }
    }
}
