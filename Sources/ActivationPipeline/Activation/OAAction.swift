/// The stage the OneAssist activation flow is at, or the next thing the client must do, with
/// the SDK's own names as raw values.
public enum OAAction: String, Sendable, Hashable, Codable, CaseIterable {
    /// The SDK is set up; call `startActivation`.
    case initializedSDK = "INITIALIZEDSDK"
    /// The device ID (IMEI) is missing; call `fetchDeviceId`.
    case fetchDeviceId = "FETCHDEVICEID"
    /// The user's basic details are needed; call `submitBasicDetails`.
    case provideUserBasicDetail = "PROVIDEUSERBASICDETAIL"
    /// Send the upload link and continue the document upload on another device.
    case sendUploadLink = "SENDUPLOADLINK"
    /// Open the secure screen and capture it, or send the upload link (again).
    case sendUploadLinkOrOpenSecureScreen = "SENDUPLOADLINKOROPENSECURESCREEN"
    /// The secure screen was dismissed; the client may refresh the membership status.
    case secureScreenDismissed = "SECURESCREENDISMISSED"
    /// The activation flow is complete.
    case completed = "COMPLETED"
}
