public import ActivationPipeline
import Foundation

/// What the service answers for an enrollment of either kind: its status, what comes next,
/// and what went wrong. The response body of `/v1/enrollments`.
///
/// JSON (keys sorted by the encoder; every key always present, `null` when not applicable):
/// ```json
/// {"id": "5c1d…", "kind": "finaptic", "status": "KYC Failed", "state": null, "final": false,
///  "nextAction": "Update the application if needed, then call validateDocuments and validateSelfie (1 retries left).",
///  "nextSteps": ["update", "validateDocuments", "validateSelfie", "cancel", "reject"],
///  "refused": false, "error": null, "remainingAllowedRetries": 1,
///  "failureStatusCodes": ["FAILURE_CODE_NAME_MISMATCH"], "documentsValidated": false,
///  "selfieValidated": false, "statusReasonCode": null, "statusReasonMessage": null,
///  "deviceId": null, "version": 5, "createdAt": "…", "updatedAt": "…"}
/// ```
/// Finaptic fills `remainingAllowedRetries`, `documentsValidated`, `selfieValidated`; Belvo fills
/// `state`, `statusReasonCode`, `statusReasonMessage`, `deviceId`. The CPF is never in a view.
public struct EnrollmentView: Sendable, Hashable, Codable {
    /// A refused step's error: the machine's stable code and what went wrong.
    public struct ErrorBody: Sendable, Hashable, Codable {
        /// `ILLEGAL_TRANSITION`, `KYC_PREVALIDATION_FAILED`, `INVALID_CPF` …
        public var code: String
        /// For people; free text.
        public var detail: String

        public init(_ error: EnrollmentError) {
            code = error.code.rawValue
            detail = error.message
        }
    }

    /// The enrollment's ID (a lowercase UUID).
    public var id: String
    /// `finaptic` or `belvo`.
    public var kind: EnrollmentKind
    /// The provider's status: Finaptic's (`KYC In Progress` …) or Belvo's (`PENDING` …).
    public var status: String?
    /// Belvo's finer machine state (`awaitingFidoOptions` …); nil for Finaptic.
    public var state: String?
    /// Whether the enrollment can go no further.
    public var final: Bool
    /// What the caller does next.
    public var nextAction: String
    /// The steps that may come next, by name.
    public var nextSteps: [EnrollmentStep.Name]
    /// True when the step was refused: nothing was stored and the enrollment is as it was.
    public var refused: Bool
    /// The refused step's error; nil otherwise.
    public var error: ErrorBody?
    /// Finaptic: how many failed `validateApplication` calls may still be retried.
    public var remainingAllowedRetries: Int?
    /// Finaptic: the failure codes of the last failed validation or rejection.
    public var failureStatusCodes: [String]
    /// Finaptic: whether the documents passed validation since the last update.
    public var documentsValidated: Bool?
    /// Finaptic: whether the selfie passed validation since the last update.
    public var selfieValidated: Bool?
    /// Belvo: `status_reason_code` on failure.
    public var statusReasonCode: String?
    /// Belvo: `status_reason_message` on failure.
    public var statusReasonMessage: String?
    /// Belvo: the `device_id` of the risk signals attached at creation.
    public var deviceId: String?
    /// The stored version; send it back as the expected version to refuse lost updates.
    public var version: Int
    /// When the enrollment was created, ISO 8601 UTC.
    public var createdAt: String
    /// When the last step was applied, ISO 8601 UTC.
    public var updatedAt: String

    /// The view of `record` after an applied step, or of the unchanged record after a refused one.
    public init(_ record: EnrollmentRecord, error: EnrollmentError? = nil) {
        id = FlowJSON.key(record.id)
        kind = record.kind
        status = record.status
        refused = error != nil
        self.error = error.map(ErrorBody.init)
        version = record.version
        createdAt = FlowTimestamp.string(record.createdAt)
        updatedAt = FlowTimestamp.string(record.updatedAt)
        switch record.machine {
        case .finaptic(let machine):
            state = nil
            final = machine.status?.isFinal ?? false
            nextAction = machine.nextAction
            nextSteps = machine.nextSteps
            remainingAllowedRetries = machine.remainingAllowedRetries
            failureStatusCodes = machine.failureStatusCodes
            documentsValidated = machine.documentsValidated
            selfieValidated = machine.selfieValidated
        case .belvo(let machine):
            state = machine.state.rawValue
            final = machine.state == .succeeded || machine.state == .failed
            nextAction = machine.state.nextAction
            nextSteps = machine.state.nextSteps
            failureStatusCodes = []
            statusReasonCode = machine.context.statusReasonCode
            statusReasonMessage = machine.context.statusReasonMessage
            deviceId = machine.context.deviceId
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(kind, forKey: .kind)
        try c.encode(status, forKey: .status)
        try c.encode(state, forKey: .state)
        try c.encode(final, forKey: .final)
        try c.encode(nextAction, forKey: .nextAction)
        try c.encode(nextSteps, forKey: .nextSteps)
        try c.encode(refused, forKey: .refused)
        try c.encode(error, forKey: .error)
        try c.encode(remainingAllowedRetries, forKey: .remainingAllowedRetries)
        try c.encode(failureStatusCodes, forKey: .failureStatusCodes)
        try c.encode(documentsValidated, forKey: .documentsValidated)
        try c.encode(selfieValidated, forKey: .selfieValidated)
        try c.encode(statusReasonCode, forKey: .statusReasonCode)
        try c.encode(statusReasonMessage, forKey: .statusReasonMessage)
        try c.encode(deviceId, forKey: .deviceId)
        try c.encode(version, forKey: .version)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(updatedAt, forKey: .updatedAt)
    }
}
