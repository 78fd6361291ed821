/// Scores one activation's screenshot, declared device and client signals. Pure logic.
///
/// Each rule that fires adds a ``RiskReason``; the score is the sum of their points capped at
/// 100, and ``RiskPolicy`` turns score and codes into allow, review (step-up) or deny.
public struct RiskAssessor: Sendable {
    /// Readings below this confidence count as unsure.
    public static let confidenceFloor = 0.6

    /// Points and thresholds.
    public var policy: RiskPolicy

    public init(policy: RiskPolicy = .standard) {
        self.policy = policy
    }

    /// The assessment of `input`.
    public func assess(_ input: RiskInput) -> RiskAssessment {
        var findings: [(RiskReason.Code, String)] = []
        findings += readingFindings(input)
        findings += historyFindings(input)
        findings += imageFindings(input)
        findings += signalFindings(input)
        let reasons = findings
            .map { RiskReason(code: $0.0, points: policy.points[$0.0] ?? 0, detail: $0.1) }
            .sorted { ($0.points, $1.code) > ($1.points, $0.code) }
        let score = min(100, reasons.reduce(0) { $0 + $1.points })
        return RiskAssessment(score: score, decision: policy.decision(score: score, codes: reasons.map(\.code)), reasons: reasons)
    }

    /// The IMEIs on the screenshot, normalised.
    package static func readIMEIs(_ screenshot: ScreenshotResult) -> [String] {
        screenshot.imeis.compactMap { try? IMEIValidator().validate($0.value) }
    }

    /// The declared IMEI normalised, or nil if absent or not a valid IMEI.
    package static func declaredIMEI(_ input: RiskInput) -> String? {
        input.declaredIMEI.flatMap { try? IMEIValidator().validate($0) }
    }

    func readingFindings(_ input: RiskInput) -> [(RiskReason.Code, String)] {
        var found: [(RiskReason.Code, String)] = []
        let imeis = Self.readIMEIs(input.screenshot)
        if let error = input.screenshot.error {
            found.append((.imeiNotRead, "the reader answered \(error.name) (\(error.code))"))
        } else if imeis.isEmpty {
            found.append((.imeiNotRead, "the reader found no valid IMEI"))
        }
        if let declared = input.declaredIMEI {
            if let normalised = Self.declaredIMEI(input) {
                if !imeis.isEmpty, !imeis.contains(normalised) {
                    found.append((.imeiMismatch, "the declared IMEI (\(IMEIMask.tac(normalised))) is not among the \(imeis.count) on the screenshot"))
                }
            } else if !declared.isEmpty {
                found.append((.imeiMismatch, "the declared IMEI is not a valid IMEI"))
            }
        }
        if imeis.count >= 2 {
            let agreement = TACPairCheck.compare(imeis[0], imeis[1])
            if agreement.isMismatch {
                found.append((.tacPairMismatch, "the two IMEIs (\(IMEIMask.tac(imeis[0])), \(IMEIMask.tac(imeis[1]))) share \(agreement == .sameReportingBody ? "only the reporting body" : "nothing")"))
            }
        }
        let unsure = input.screenshot.imeis.filter { $0.corrected || $0.confidence < Self.confidenceFloor }
        if !unsure.isEmpty {
            found.append((.lowConfidenceReading, "\(unsure.count) IMEI reading(s) corrected or below \(Self.confidenceFloor) confidence"))
        }
        return found
    }

    func historyFindings(_ input: RiskInput) -> [(RiskReason.Code, String)] {
        var found: [(RiskReason.Code, String)] = []
        var candidates = Self.readIMEIs(input.screenshot)
        if let declared = Self.declaredIMEI(input), !candidates.contains(declared) {
            candidates.append(declared)
        }
        let used = candidates.filter(input.history.activatedIMEIs.contains)
        if !used.isEmpty {
            found.append((.imeiAlreadyActivated, "\(used.map(IMEIMask.tac).joined(separator: ", ")) already used by another activation"))
        }
        if let hash = input.screenshotHash, input.history.seenScreenshotHashes.contains(hash) {
            found.append((.duplicateScreenshot, "this screenshot file was submitted before"))
        }
        return found
    }

    func imageFindings(_ input: RiskInput) -> [(RiskReason.Code, String)] {
        guard let image = input.image else { return [] }
        var found: [(RiskReason.Code, String)] = []
        if let editor = image.editor {
            found.append((.editedImage, "EXIF Software names an image editor (\(editor))"))
        }
        if let evidence = image.photoEvidence {
            found.append((.photoNotScreenshot, evidence))
        } else if let name = input.declaredModel, let model = IPhoneModelCatalog.model(named: name),
            !model.acceptsScreenshot(width: image.pixelWidth, height: image.pixelHeight)
        {
            let sizes = model.screenshotSizes.map(\.description).joined(separator: " or ")
            found.append((.screenSizeMismatch, "\(image.pixelWidth)×\(image.pixelHeight) is not an \(model.name) screenshot (\(sizes))"))
        }
        return found
    }

    func signalFindings(_ input: RiskInput) -> [(RiskReason.Code, String)] {
        guard let payload = input.riskSignals else { return [] }
        let check = payload.check(today: input.today)
        guard check.isValid else {
            return [(.invalidRiskSignals, check.problems.map(\.description).joined(separator: "; "))]
        }
        var found: [(RiskReason.Code, String)] = []
        if check.isRootedDevice == true { found.append((.rootedDevice, "the client reports a rooted or jailbroken device")) }
        if check.isEmulated == true { found.append((.emulatedDevice, "the client reports an emulator")) }
        if check.isDevModeEnabled == true { found.append((.devModeEnabled, "the client reports developer mode")) }
        return found
    }
}
