extension ActivationMachine {
    /// What the reader gave for the device ID: the IMEI value(s), or its SDK error.
    public enum DeviceIdReading: Sendable, Hashable {
        /// The IMEI values read, slot 1 first.
        case imeis([String])
        /// The reader's error (4001 `ERROR_UNABLE_TO_DO_OCR`, 4005 …).
        case failed(OAError)

        /// The IMEIs of a reader result, or its error (4001 when it has neither).
        public init(_ result: ScreenshotResult) {
            if let error = result.error {
                self = .failed(OAError(code: error.code).map { entry in error.detail.map(entry.with(detail:)) ?? entry }
                    ?? .api(code: String(error.code), description: error.message))
            } else if result.imeis.isEmpty {
                self = .failed(.unableToDoOCR)
            } else {
                self = .imeis(result.imeis.map(\.value))
            }
        }
    }

    /// A call from the client or a result from a side effect.
    public enum Event: Sendable, Hashable {
        /// `initializeSDK(token:)`.
        case initialize(token: String)
        /// `startActivation(for:)`, with the membership details the caller fetched.
        case start(activationCode: String, membershipStatus: MembershipStatus, membershipMobile: String)
        /// `fetchDeviceId(pincode:address:)`, with what the reader gave.
        case fetchDeviceId(DeviceIdReading, pincode: String? = nil, address: String? = nil)
        /// `submitBasicDetails(pincode:address:)`.
        case submitBasicDetails(pincode: String, address: String)
        /// `sendUploadLink(_:)` to a secondary device's number.
        case sendUploadLink(mobile: String)
        /// The upload-link SMS went out.
        case smsSent
        /// The upload-link SMS could not be sent.
        case smsFailed(detail: String? = nil)
        /// `openSecureScreen(onViewController:)`.
        case openSecureScreen
        /// The user closed the secure screen.
        case secureScreenDismissed
        /// The documents are in; the flow is done.
        case complete

        /// The event's name without its values.
        public var kind: Kind {
            switch self {
            case .initialize: .initialize
            case .start: .start
            case .fetchDeviceId: .fetchDeviceId
            case .submitBasicDetails: .submitBasicDetails
            case .sendUploadLink: .sendUploadLink
            case .smsSent: .smsSent
            case .smsFailed: .smsFailed
            case .openSecureScreen: .openSecureScreen
            case .secureScreenDismissed: .secureScreenDismissed
            case .complete: .complete
            }
        }

        /// Event names, as errors and logs write them.
        public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
            case initialize, start, fetchDeviceId, submitBasicDetails, sendUploadLink
            case smsSent, smsFailed, openSecureScreen, secureScreenDismissed, complete
        }
    }

    /// What the caller does after an event was applied.
    public enum Action: Sendable, Hashable {
        /// Tell the client this stage (the SDK completion with `success == true`).
        case report(OAAction)
        /// Send the upload link by SMS to this 10-digit number, then feed `smsSent` or `smsFailed`.
        case sendUploadLinkSMS(mobile: String)
        /// Show the secure screen, then feed `secureScreenDismissed` when it closes.
        case showSecureScreen
        /// Tell the client the step failed with this error and the flow is back at `next` (the
        /// SDK completion with `success == false`).
        case failed(OAError, next: OAAction)
    }
}
