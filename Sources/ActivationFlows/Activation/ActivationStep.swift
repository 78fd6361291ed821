public import ActivationPipeline

/// One step of a stored activation, with its input: the machine's events as the service
/// receives them. `initialize` is applied by ``ActivationFlows/create(token:)``; sent again it
/// is refused like any step the state does not allow.
///
/// `fetchDeviceId` carries what the HTTP layer learnt from the uploaded screenshot: the
/// reader's result, the file's SHA-256 and its facts, all from the reader's one decode.
/// Only the service may build it; a client must never be able to send one as JSON, since it
/// would choose its own IMEI (``requiresScreenshot``).
public enum ActivationStep: Sendable, Hashable {
    /// `initializeSDK(token:)`.
    case initialize(token: String)
    /// `startActivation(for:)`, with the membership details the caller fetched.
    case start(activationCode: String, membershipStatus: MembershipStatus, membershipMobile: String)
    /// `fetchDeviceId(pincode:address:)` with what the reader found on the screenshot.
    case fetchDeviceId(DeviceIdInput)
    /// `submitBasicDetails(pincode:address:)`.
    case submitBasicDetails(pincode: String, address: String)
    /// `sendUploadLink(_:)` to a secondary device's number.
    case sendUploadLink(mobile: String)
    /// The upload-link SMS went out.
    case smsSent
    /// The upload-link SMS could not be sent.
    case smsFailed(detail: String?)
    /// `openSecureScreen(onViewController:)`.
    case openSecureScreen
    /// The user closed the secure screen.
    case secureScreenDismissed
    /// The documents are in; the flow is done.
    case complete

    /// The input of `fetchDeviceId`: the reading of one uploaded screenshot, and what the risk
    /// assessment looks at besides.
    public struct DeviceIdInput: Sendable, Hashable, Codable {
        /// What the IMEI reader answered for the screenshot.
        public var screenshot: ScreenshotResult
        /// The screenshot file's SHA-256, lowercase hex: finds the same file uploaded again.
        public var screenshotSHA256: String
        /// The file's size and EXIF facts, when known.
        public var imageFacts: ImageFacts?
        /// The user's PIN code, when given with the device ID.
        public var pincode: String?
        /// The user's address, when given with the device ID.
        public var address: String?
        /// The IMEI the customer declared for the device, if any.
        public var declaredIMEI: String?
        /// The device model the customer declared (`iPhone15,2` or a marketing name), if any.
        public var declaredModel: String?
        /// The client's risk-signals payload, if one was submitted.
        public var riskSignals: RiskSignalsPayload?

        public init(
            screenshot: ScreenshotResult, screenshotSHA256: String, imageFacts: ImageFacts? = nil,
            pincode: String? = nil, address: String? = nil, declaredIMEI: String? = nil,
            declaredModel: String? = nil, riskSignals: RiskSignalsPayload? = nil
        ) {
            self.screenshot = screenshot
            self.screenshotSHA256 = screenshotSHA256
            self.imageFacts = imageFacts
            self.pincode = pincode
            self.address = address
            self.declaredIMEI = declaredIMEI
            self.declaredModel = declaredModel
            self.riskSignals = riskSignals
        }
    }

    /// The step's name, as the machine's events are named (`fetchDeviceId`).
    public var kind: ActivationMachine.Event.Kind {
        event.kind
    }

    /// Whether the step needs a screenshot the service read itself (`fetchDeviceId`): the HTTP
    /// layer refuses such a step when it comes as JSON.
    public var requiresScreenshot: Bool {
        kind == .fetchDeviceId
    }

    /// The machine event for this step.
    public var event: ActivationMachine.Event {
        switch self {
        case .initialize(let token): .initialize(token: token)
        case .start(let code, let status, let mobile): .start(activationCode: code, membershipStatus: status, membershipMobile: mobile)
        case .fetchDeviceId(let input):
            .fetchDeviceId(ActivationMachine.DeviceIdReading(input.screenshot), pincode: input.pincode, address: input.address)
        case .submitBasicDetails(let pincode, let address): .submitBasicDetails(pincode: pincode, address: address)
        case .sendUploadLink(let mobile): .sendUploadLink(mobile: mobile)
        case .smsSent: .smsSent
        case .smsFailed(let detail): .smsFailed(detail: detail)
        case .openSecureScreen: .openSecureScreen
        case .secureScreenDismissed: .secureScreenDismissed
        case .complete: .complete
        }
    }
}
