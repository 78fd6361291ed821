import ActivationFlows
import ActivationPipeline
import ActivationReader
import Foundation

/// The fields of a multipart `fetchDeviceId` step, ready to become the step's input once the
/// screenshot is read.
///
/// Pure. File: `screenshot` (required). Text: `step` (optional; if given, `fetchDeviceId`),
/// `pincode`, `address`, `declaredIMEI`, `declaredModel`, `riskSignals` (a JSON object, as
/// text or as a file). A field sent twice counts once (the first); unknown fields are
/// ignored; an empty text field counts as absent. There is no field for the IMEI itself: the
/// service reads it off the screenshot.
struct DeviceIdForm: Sendable {
    var screenshot: FormPart
    var pincode: String?
    var address: String?
    var declaredIMEI: String?
    var declaredModel: String?
    var riskSignals: RiskSignalsPayload?

    /// Reads `parts`. Throws 400: `FIELD_MISSING` without a screenshot, `FIELD_INVALID` for an
    /// empty one or a `step` other than `fetchDeviceId`.
    init(parts: [FormPart]) throws(ServiceError) {
        func first(_ name: String) -> FormPart? { parts.first { $0.name == name } }
        func text(_ name: String) -> String? {
            guard let value = first(name)?.text, !value.isEmpty else { return nil }
            return value
        }
        if let step = text("step"), step != ActivationMachine.Event.Kind.fetchDeviceId.rawValue {
            throw .fieldInvalid("step", "must be fetchDeviceId in a multipart body; send other steps as JSON")
        }
        guard let screenshot = first("screenshot") else { throw .fieldMissing("screenshot") }
        guard !screenshot.bytes.isEmpty else { throw .fieldInvalid("screenshot", "is empty") }
        self.screenshot = screenshot
        pincode = text("pincode")
        address = text("address")
        declaredIMEI = text("declaredIMEI")
        declaredModel = text("declaredModel")
        riskSignals = first("riskSignals").flatMap { $0.bytes.isEmpty ? nil : RiskSignalsPayload(data: Data($0.bytes)) }
    }

    /// The file name to read the screenshot under, as the activation keeps it: made safe and
    /// bounded (``FieldLimits/safeFileName(_:)``).
    var name: String { FieldLimits.standard.safeFileName(screenshot.filename) ?? "screenshot" }

    /// The input of a step that is refused before the screenshot is read: the activation's
    /// state does not take `fetchDeviceId`, or its version is not the expected one. Its
    /// reading is a failure, so the machine can never apply it, and nothing of it is stored.
    var unread: ActivationStep.DeviceIdInput {
        ActivationStep.DeviceIdInput(
            screenshot: .failure(name, OAError.unableToDoOCR.with(detail: "not read: the step is refused")),
            screenshotSHA256: ""
        )
    }

    /// The step's input, with what the reader found on the screenshot and learnt of the file.
    func input(_ read: ScreenshotRead) -> ActivationStep.DeviceIdInput {
        var result = read.result
        result.stages = nil  // the service's reader explains every reading; a step keeps its JSON
        return ActivationStep.DeviceIdInput(
            screenshot: result, screenshotSHA256: read.sha256, imageFacts: read.facts,
            pincode: pincode, address: address, declaredIMEI: declaredIMEI, declaredModel: declaredModel,
            riskSignals: riskSignals
        )
    }
}
