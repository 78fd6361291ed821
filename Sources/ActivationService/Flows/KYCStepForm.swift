import ActivationFlows
import ActivationPipeline
import Foundation
import KYCCheck

/// The fields of a multipart `validateDocuments` or `validateSelfie` step: the images the
/// service judges itself, and the outcome the client got from the provider.
///
/// Pure. Text: `step` (required: `validateDocuments` or `validateSelfie`), `outcome`
/// (required: `passed` or `failed`), `failureStatusCodes` (with `failed`; repeated, or
/// comma-separated). Files, as for `POST /v1/kyc/prevalidate`: `front` and `back` with
/// `documentType`, `documentCountry`, `documentState` for the documents, `selfie` for the
/// selfie; the other step's files are ignored. An absent file is passed on as absent, for the
/// validator to judge (`FILE_MISSING`). There is no field for the verdict: the service makes it.
struct KYCStepForm: Sendable {
    /// `validateDocuments` or `validateSelfie`.
    var name: EnrollmentStep.Name
    /// The images and document fields, the other step's files left out.
    var images: KYCForm
    /// What the provider answered for the validation.
    var outcome: KYCOutcome

    /// Reads `parts`. Throws 400: `FIELD_MISSING` for `step` or `outcome`, `FIELD_INVALID` for
    /// another step or outcome.
    init(parts: [FormPart]) throws(ServiceError) {
        func text(_ name: String) -> String? {
            guard let value = parts.first(where: { $0.name == name })?.text, !value.isEmpty else { return nil }
            return value
        }
        guard let step = text("step") else { throw .fieldMissing("step") }
        guard let name = EnrollmentStep.Name(rawValue: step), name == .validateDocuments || name == .validateSelfie else {
            throw .fieldInvalid("step", "must be validateDocuments or validateSelfie in a multipart body; send other steps as JSON")
        }
        self.name = name
        images = try KYCForm(parts: parts)
        images.fix = false
        if name == .validateDocuments {
            images.selfie = nil
        } else {
            images.front = nil
            images.back = nil
        }
        switch text("outcome") {
        case "passed":
            outcome = .passed
        case "failed":
            let codes = parts.filter { $0.name == "failureStatusCodes" }
                .flatMap { $0.text.split(separator: ",") }
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            outcome = .failed(failureStatusCodes: codes)
        case nil:
            throw .fieldMissing("outcome")
        default:
            throw .fieldInvalid("outcome", "must be passed or failed")
        }
    }

    /// The verdict of `report` that gates this step: the documents' or the selfie's.
    func preValidation(_ report: KYCReport) -> KYCPreValidation {
        name == .validateDocuments ? report.documentsPreValidation : report.selfiePreValidation
    }

    /// The step, with the verdict the service made.
    func step(_ preValidation: KYCPreValidation) -> EnrollmentStep {
        name == .validateDocuments
            ? .validateDocuments(preValidation: preValidation, outcome: outcome)
            : .validateSelfie(preValidation: preValidation, outcome: outcome)
    }
}
