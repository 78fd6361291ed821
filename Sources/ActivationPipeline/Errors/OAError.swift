/// An error of the OneAssist activation SDK, with the SDK's own code, name and message.
///
/// Codes and names are kept to the letter of the SDK's OAError table and never change
/// meaning. `detail` carries what went wrong in this case; it is free text and may change.
/// `ERROR_API(code, description)` is the one case whose code and message come from outside.
public struct OAError: CodedError, Sendable, Hashable {
    /// The numeric code (`4001`), or for `ERROR_API` the code the server sent, if numeric.
    public let code: Int
    /// The SDK's name for the error (`ERROR_UNABLE_TO_DO_OCR`).
    public let name: String
    /// The SDK's fixed description (`IMEI NOT RECOGNIZED`).
    public let message: String
    /// What went wrong in this case, for people; never holds a full IMEI.
    public var detail: String?
    /// For `ERROR_API`: the code as the server sent it, which need not be numeric.
    public let apiCode: String?
    /// Why, as a stable code finer than the SDK's, where the case has one
    /// (``Reason/deadlineExceeded``, ``Reason/noText``); nil for most errors.
    public var reason: String?

    /// The stable reasons an error may carry beside its SDK code. They never change meaning.
    public enum Reason {
        /// The reading was stopped by its deadline (the batch's per-image budget, the request's
        /// timeout) before it could answer.
        public static let deadlineExceeded = "DEADLINE_EXCEEDED"
        /// The picture shows nothing shaped like text, so it was not read (noise, a plain photo).
        public static let noText = "NO_TEXT"
        /// Every IMEI label's value was read twice, digit for digit, and fails the Luhn check:
        /// an altered screenshot or a mistyped number, not a picture too poor to read.
        public static let luhnFailed = "LUHN_FAILED"
    }

    private init(_ code: Int, _ name: String, _ message: String, apiCode: String? = nil) {
        self.code = code
        self.name = name
        self.message = message
        self.apiCode = apiCode
    }

    /// The same error with `detail` set.
    public func with(detail: String) -> OAError {
        var copy = self
        copy.detail = detail
        return copy
    }

    /// 4001 for a reading its deadline stopped (reason ``Reason/deadlineExceeded``).
    public static var deadlineExceeded: OAError {
        unableToDoOCR.with(reason: Reason.deadlineExceeded, detail: "the reading was stopped by its deadline before it could answer")
    }

    /// The same error with a stable `reason` and its `detail`.
    public func with(reason: String, detail: String) -> OAError {
        var copy = with(detail: detail)
        copy.reason = reason
        return copy
    }

    public var description: String {
        let head = "\(name) (\(code)\(reason.map { ", \($0)" } ?? "")): \(message)"
        guard let detail, !detail.isEmpty else { return head }
        return head + ": " + detail
    }

    public static let emptyToken = OAError(1001, "ERROR_EMPTY_TOKEN", "TOKEN EMPTY")
    public static let emptyActivationCode = OAError(1002, "ERROR_EMPTY_ACTIVATION_CODE", "ACTIVATION CODE EMPTY")
    public static let emptyMobileNumber = OAError(1003, "ERROR_EMPTY_MOBILE_NUMBER", "MOBILE NUMBER IS EMPTY")
    public static let emptyUserDetails = OAError(1004, "ERROR_EMPTY_USER_DETAILS", "USER DETAILS NOT PROVIDED")
    public static let emptyPincode = OAError(1005, "ERROR_EMPTY_PINCODE", "PINCODE IS EMPTY")
    public static let emptyAddress = OAError(1006, "ERROR_EMPTY_ADDRESS", "ADDRESS IS EMPTY")
    public static let imeiMissing = OAError(1007, "ERROR_IMEI_MISSING", "IMEI IS MISSING")
    public static let smsNotSent = OAError(1008, "ERROR_SMS_NOT_SENT", "SEND MESSAGE ON SECONDARY DEVICE FIRST")
    public static let membershipInProgress = OAError(2001, "ERROR_MEMBERSHIP_IN_PROGRESS", "ACTIVATION IN-PROGRESS")
    public static let membershipPending = OAError(2002, "ERROR_MEMBERSHIP_PENDING", "ACTIVATION IN-PROGRESS")
    public static let membershipApproved = OAError(2003, "ERROR_MEMBERSHIP_APPROVED", "MEMBERSHIP APPROVED")
    public static let membershipQueued = OAError(2004, "ERROR_MEMBERSHIP_QUEUED", "MEMBERSHIP QUEUED")
    public static let membershipRejected = OAError(2005, "ERROR_MEMBERSHIP_REJECTED", "MEMBERSHIP REJECTED")
    public static let membershipCancelled = OAError(2006, "ERROR_MEMBERSHIP_CANCELLED", "MEMBERSHIP CANCELLED")
    public static let getMembershipDetails = OAError(3001, "ERROR_GET_MEMBERSHIP_DETAILS", "UNABLE TO GET MEMBERSHIP DETAIL")
    public static let getReqDocDetails = OAError(3002, "ERROR_GET_REQ_DOC_DETAILS", "UNABLE TO GET MEMBERSHIP DETAIL")
    public static let updateUserDetails = OAError(3003, "ERROR_UPDATE_USER_DETAILS", "UNABLE TO UPDATE USER DETAIL")
    public static let sendUploadLink = OAError(3004, "ERROR_SEND_UPLOAD_LINK", "UNABLE TO SEND SMS")
    public static let unableToDoOCR = OAError(4001, "ERROR_UNABLE_TO_DO_OCR", "IMEI NOT RECOGNIZED")
    public static let photoPermission = OAError(4002, "ERROR_PHOTO_PERMISSION", "PHOTO LIBRARY PERMISSION NEEDED")
    public static let screenRecording = OAError(4003, "ERROR_SCREEN_RECORDING", "SCREEN RECORDING")
    public static let screenshotFetch = OAError(4004, "ERROR_SCREENSHOT_FETCH", "UNABLE TO FETCH SCREENSHOT")
    public static let screenshotLoad = OAError(4005, "ERROR_SCREENSHOT_LOAD", "UNABLE TO LOAD SCREENSHOT")
    public static let unableToProcess = OAError(4006, "ERROR_UNABLE_TO_PROCESS_DESC", "UNABLE TO PROCESS. TRY AGAIN!")
    public static let unknown = OAError(5000, "ERROR_UNKNOW", "SOME ERROR OCCURRED. TRY AGAIN!")

    /// `ERROR_API(code, description)`: an error the upstream API answered with.
    /// `code` is the server's; when it is numeric it is also the numeric `code`, otherwise 0.
    public static func api(code: String, description: String) -> OAError {
        OAError(Int(code) ?? 0, "ERROR_API", description, apiCode: code)
    }

    /// Every fixed entry of the SDK's table, in the table's order.
    public static let table: [OAError] = [
        emptyToken, emptyActivationCode, emptyMobileNumber, emptyUserDetails, emptyPincode,
        emptyAddress, imeiMissing, smsNotSent, membershipInProgress, membershipPending,
        membershipApproved, membershipQueued, membershipRejected, membershipCancelled,
        getMembershipDetails, getReqDocDetails, updateUserDetails, sendUploadLink,
        unableToDoOCR, photoPermission, screenRecording, screenshotFetch, screenshotLoad,
        unableToProcess, unknown,
    ]

    /// The fixed entry with this code, if there is one.
    public init?(code: Int) {
        guard let entry = OAError.table.first(where: { $0.code == code }) else { return nil }
        self = entry
    }
}
