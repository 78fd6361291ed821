import KYCCheck

/// The fields of a `POST /v1/kyc/prevalidate` form, ready to become the validator's input.
///
/// Pure. Files: `front`, `back`, `selfie`; text: `documentType`, `documentCountry`,
/// `documentState`, `fix`, `strictness` (`relaxed`, `normal`, `strict`; absent is `normal`).
/// A field sent twice counts once (the first); unknown fields are
/// ignored; an empty text field counts as absent. An absent file is passed on as absent:
/// judging it is the validator's job.
struct KYCForm: Sendable {
    var front: FormPart?
    var back: FormPart?
    var selfie: FormPart?
    var documentType: String?
    var documentCountry: String?
    var documentState: String?
    var fix: Bool
    /// The rules' thresholds (`KYCRules.apply(_:)`).
    var strictness: KYCStrictness

    /// Reads `parts`. Throws 400 (`FIELD_INVALID`) for a `fix` that is not a boolean or a
    /// `strictness` that is not a level.
    init(parts: [FormPart]) throws(ServiceError) {
        func first(_ name: String) -> FormPart? { parts.first { $0.name == name } }
        func text(_ name: String) -> String? {
            guard let value = first(name)?.text, !value.isEmpty else { return nil }
            return value
        }
        front = first("front")
        back = first("back")
        selfie = first("selfie")
        documentType = text("documentType")
        documentCountry = text("documentCountry")
        documentState = text("documentState")
        fix = try Self.flag(text("fix"), name: "fix")
        let level = text("strictness")
        guard let strictness = KYCStrictness(rawValue: level?.lowercased() ?? "normal") else {
            throw .fieldInvalid("strictness", "must be relaxed, normal or strict")
        }
        self.strictness = strictness
    }

    /// The validator's input. Built on the worker thread, so the KYC types never have to cross
    /// threads (nor be `Sendable`).
    var application: KYCApplication {
        func upload(_ part: FormPart?) -> KYCUpload? {
            part.map { KYCUpload(bytes: $0.bytes, filename: $0.filename) }
        }
        return KYCApplication(
            front: upload(front), back: upload(back), selfie: upload(selfie),
            documentType: documentType, documentCountry: documentCountry, documentState: documentState
        )
    }

    /// `true`/`1`/`yes`/`on` and `false`/`0`/`no`/`off`, any case; absent is false.
    static func flag(_ value: String?, name: String) throws(ServiceError) -> Bool {
        guard let value else { return false }
        switch value.lowercased() {
        case "true", "1", "yes", "on": return true
        case "false", "0", "no", "off": return false
        default: throw .fieldInvalid(name, "must be true or false")
        }
    }
}
