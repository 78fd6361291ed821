public import ActivationPipeline

/// The rules themselves: each takes facts about a file or an application and returns the
/// issues they break. Pure logic; the validator gathers the facts.
extension KYCRules {
    /// The formats that pass as they are.
    static let acceptedFormats: Set<ImageFormat> = [.jpeg, .png]
    /// The formats the fixer can convert to JPEG.
    static let convertibleFormats: Set<ImageFormat> = [.heic, .webp]

    /// `FILE_EMPTY` or `FILE_TOO_LARGE`, if the byte count breaks either.
    public func sizeIssue(byteCount: Int) -> KYCIssue? {
        if byteCount == 0 { return KYCIssue(.fileEmpty, "the file is empty") }
        guard byteCount >= maxFileBytes else { return nil }
        return KYCIssue(.fileTooLarge, "\(grouped(byteCount)) bytes; the file must be under \(grouped(maxFileBytes)) bytes")
    }

    /// `UNSUPPORTED_FORMAT` unless the content is JPEG or PNG.
    public func formatIssue(_ format: ImageFormat) -> KYCIssue? {
        if Self.acceptedFormats.contains(format) { return nil }
        let name = format == .unknown ? "not an image" : format.rawValue.uppercased()
        let hint = Self.convertibleFormats.contains(format) ? "; fixing converts it to JPEG" : ""
        return KYCIssue(.unsupportedFormat, "the content is \(name); only JPEG and PNG are accepted\(hint)")
    }

    /// `EXTENSION_MISMATCH` when the name has an extension that is not one of the content's
    /// (`.jpg` over PNG, `.txt` over JPEG, `.jpg` over a PDF). No warning for names without an
    /// extension, nor for a non-image under a non-image name (that is `UNSUPPORTED_FORMAT`).
    public func extensionWarning(_ ext: String?, format: ImageFormat) -> KYCIssue? {
        guard let ext, !format.extensions.contains(ext) else { return nil }
        let named = ImageFormat.allCases.first { $0.extensions.contains(ext) }
        guard named != nil || format != .unknown else { return nil }
        let content = format == .unknown ? "not an image" : format.rawValue.uppercased()
        return KYCIssue(.extensionMismatch, "the name ends in .\(ext) but the content is \(content)")
    }

    /// `IMAGE_TOO_LARGE` when a side is over `maxSide`.
    public func sideIssue(width: Int, height: Int) -> KYCIssue? {
        guard max(width, height) > maxSide else { return nil }
        return KYCIssue(.imageTooLarge, "\(width)x\(height) px; no side may exceed \(maxSide) px")
    }

    /// `IMAGE_TOO_SMALL` when the upright image is under the role's minimum sides.
    public func dimensionIssue(role: KYCRole, width: Int, height: Int) -> KYCIssue? {
        let need = minimumSides(for: role)
        guard max(width, height) < need.long || min(width, height) < need.short else { return nil }
        let rule = role.isDocument
            ? "a document needs a long side of at least \(need.long) px and a short side of at least \(need.short) px"
            : "a selfie needs a short side of at least \(need.short) px"
        return KYCIssue(.imageTooSmall, "\(width)x\(height) px; \(rule)")
    }

    /// `BLURRY`, `GLARE`, `TOO_DARK` or `TOO_BRIGHT` for each score under its threshold.
    public func qualityIssues(_ scores: KYCScores) -> [KYCIssue] {
        var issues: [KYCIssue] = []
        if scores.sharpness < sharpnessThreshold {
            issues.append(KYCIssue(.blurry, "sharpness \(scores.sharpness) is under \(sharpnessThreshold): the document is out of focus"))
        }
        if scores.glare < glareThreshold {
            issues.append(KYCIssue(.glare, "glare score \(scores.glare) is under \(glareThreshold): a bright reflection washes out part of the document"))
        }
        if scores.exposure < exposureThreshold {
            issues.append(scores.underexposed
                ? KYCIssue(.tooDark, "exposure \(scores.exposure) is under \(exposureThreshold): the picture is too dark")
                : KYCIssue(.tooBright, "exposure \(scores.exposure) is under \(exposureThreshold): the picture is too bright"))
        }
        return issues
    }

    /// The document's scores, each with the threshold it is held against.
    public func qualityMeasures(_ scores: KYCScores) -> [KYCMeasure] {
        [
            KYCMeasure("sharpness", score: scores.sharpness, threshold: sharpnessThreshold),
            KYCMeasure("glare", score: scores.glare, threshold: glareThreshold),
            KYCMeasure("exposure", score: scores.exposure, threshold: exposureThreshold),
        ]
    }

    /// `NO_FACE`: the selfie shows no face that counts.
    var noFaceIssue: KYCIssue {
        KYCIssue(.noFace, "no face was found; the selfie must show one face, facing the camera")
    }

    /// `NO_FACE` or `MULTIPLE_FACES` unless exactly one face was found.
    public func faceIssue(count: Int) -> KYCIssue? {
        switch count {
        case 0: noFaceIssue
        case 1: nil
        default: KYCIssue(.multipleFaces, "\(count) faces were found; the selfie must show exactly one")
        }
    }

    /// Whether two difference hashes are the same picture.
    public func isSamePicture(_ a: UInt64, _ b: UInt64) -> Bool {
        (a ^ b).nonzeroBitCount <= duplicateMaxDistance
    }

    /// The `DocumentInfo` issues: `INVALID_DOCUMENT_TYPE`, `INVALID_COUNTRY`,
    /// `DOCUMENT_STATE_REQUIRED`. Absent type or country is not checked.
    public func documentInfoIssues(type: String?, country: String?, state: String?) -> [KYCIssue] {
        var issues: [KYCIssue] = []
        let type = type?.trimmed
        if let type, !Self.isDocumentTypeCode(type) {
            issues.append(KYCIssue(.invalidDocumentType, "the document type must be a code such as DOCUMENT_TYPE_CANADIAN_PASSPORT"))
        }
        if let country, !ISOCountryCode.isAssigned(country) {
            let upper = country.trimmed.uppercased()
            let hint = ISOCountryCode.isAssigned(upper) ? " (write it in capitals: \(upper))" : ""
            issues.append(KYCIssue(.invalidCountry, "the document country must be an ISO 3166-1 alpha-2 code such as CA\(hint)"))
        }
        if let type, Self.isDriversLicence(type), (state?.trimmed ?? "").isEmpty {
            issues.append(KYCIssue(.documentStateRequired, "a driver's licence needs the issuing state or province"))
        }
        return issues
    }

    /// Whether `type` looks like Finaptic's codes: `DOCUMENT_TYPE_` and capitals, digits, `_`.
    static func isDocumentTypeCode(_ type: String) -> Bool {
        type.hasPrefix("DOCUMENT_TYPE_") && type.count > 14
            && type.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// Whether the type names a driver's licence (`…DRIVERS_LICENSE`, `…DRIVER_LICENCE`, …).
    static func isDriversLicence(_ type: String) -> Bool {
        let t = type.uppercased()
        return t.contains("DRIVER") && t.contains("LICEN")
    }

    /// `n` with thousands separators: 4000000 → "4,000,000".
    private func grouped(_ n: Int) -> String {
        let digits = Array(String(n))
        var out = ""
        for (i, d) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(d)
        }
        return out
    }
}

extension String {
    /// The string without leading and trailing spaces and newlines.
    fileprivate var trimmed: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
