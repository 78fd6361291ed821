public import ActivationPipeline
import Foundation

/// What the service answers for an activation: where it is, what comes next, what went wrong,
/// and how risky its screenshot looked. The response body of `/v1/activations`.
///
/// JSON (keys sorted by the encoder; every key always present, `null` when empty):
/// ```json
/// {"id": "0b9e…", "state": "awaitingBasicDetails", "stage": "PROVIDEUSERBASICDETAIL",
///  "nextAction": "CALL SUBMITBASICDETAILS METHOD OF OAACTIVATION OBJECT",
///  "nextSteps": ["submitBasicDetails"], "effect": null,
///  "success": true, "refused": false, "error": null,
///  "imei": "867888447938309", "imeis": ["867888447938309", "867888442665048"],
///  "risk": {"score": 0, "decision": "allow", "reasons": []},
///  "version": 4, "createdAt": "2025-06-01T09:30:00.125Z", "updatedAt": "2025-06-01T09:31:12.004Z"}
/// ```
/// The IMEIs are the caller's own data and are returned in full; never log a view.
public struct ActivationView: Sendable, Hashable, Codable {
    /// Something the caller must do before the next step can come.
    public struct Effect: Sendable, Hashable, Codable {
        /// What kind of thing.
        public enum Kind: String, Sendable, Hashable, Codable {
            /// Send the upload link by SMS to ``mobile``, then send `smsSent` or `smsFailed`.
            case sendUploadLinkSMS
            /// Show the secure screen, then send `secureScreenDismissed` when it closes.
            case showSecureScreen
        }

        public var kind: Kind
        /// The 10-digit number for ``Kind/sendUploadLinkSMS``; nil otherwise.
        public var mobile: String?

        public init(kind: Kind, mobile: String?) {
            self.kind = kind
            self.mobile = mobile
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(kind, forKey: .kind)
            try c.encode(mobile, forKey: .mobile)
        }
    }

    /// The activation's ID (a lowercase UUID).
    public var id: String
    /// The machine's state (`awaitingDeviceId`, `uploadLinkRequested` …): finer than the stage.
    public var state: ActivationMachine.State
    /// The SDK stage (`FETCHDEVICEID` …); the `stage` of the SDK's completion.
    public var stage: OAAction?
    /// The SDK table's "Next Action" for the stage.
    public var nextAction: String
    /// The steps the state accepts, by name.
    public var nextSteps: [ActivationMachine.Event.Kind]
    /// What the caller must do before the next step, if anything.
    public var effect: Effect?
    /// The `success` of the SDK's completion: false when the step was refused or failed.
    public var success: Bool
    /// True when the step was refused: nothing was stored and the state is as it was.
    public var refused: Bool
    /// The SDK error of a refused or failed step (`{"code": 1005, "name": "ERROR_EMPTY_PINCODE",
    /// "message": "PINCODE IS EMPTY", "detail": …}`); nil otherwise.
    public var error: ScreenshotResult.ErrorBody?
    /// The device's slot-1 IMEI, once read.
    public var imei: String?
    /// Every IMEI read, slot 1 first.
    public var imeis: [String]
    /// The risk assessment made when the device ID was read; nil before.
    public var risk: RiskAssessment?
    /// The stored version; send it back as the expected version to refuse lost updates.
    public var version: Int
    /// When the activation was created, ISO 8601 UTC.
    public var createdAt: String
    /// When the last step was applied, ISO 8601 UTC.
    public var updatedAt: String

    /// The view of `record` after a step that was applied (`error` set when it failed, as
    /// `smsFailed` does) or refused (`refused`; `record` is the unchanged stored one).
    public init(_ record: ActivationRecord, error: OAError? = nil, refused: Bool = false) {
        let state = record.machine.state
        id = FlowJSON.key(record.id)
        self.state = state
        stage = state.stage
        nextAction = state.stage?.nextAction ?? "CALL INITIALIZESDK METHOD OF OAACTIVATION OBJECT"
        nextSteps = state.nextSteps
        switch state {
        case .uploadLinkRequested: effect = Effect(kind: .sendUploadLinkSMS, mobile: record.machine.context.uploadMobile)
        case .secureScreenOpen: effect = Effect(kind: .showSecureScreen, mobile: nil)
        default: effect = nil
        }
        success = error == nil
        self.refused = refused
        self.error = error.map(ScreenshotResult.ErrorBody.init)
        imei = record.imeis.first
        imeis = record.imeis
        risk = record.risk
        version = record.version
        createdAt = FlowTimestamp.string(record.createdAt)
        updatedAt = FlowTimestamp.string(record.updatedAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(state, forKey: .state)
        try c.encode(stage, forKey: .stage)
        try c.encode(nextAction, forKey: .nextAction)
        try c.encode(nextSteps, forKey: .nextSteps)
        try c.encode(effect, forKey: .effect)
        try c.encode(success, forKey: .success)
        try c.encode(refused, forKey: .refused)
        try c.encode(error, forKey: .error)
        try c.encode(imei, forKey: .imei)
        try c.encode(imeis, forKey: .imeis)
        try c.encode(risk, forKey: .risk)
        try c.encode(version, forKey: .version)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(updatedAt, forKey: .updatedAt)
    }
}
