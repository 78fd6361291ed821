import ActivationPipeline
import ActivationVision
internal import Crypto

extension KYCValidator {
    /// What the validator learned about one file: its report, its fingerprints (to find
    /// duplicates) and, when fixed, the new bytes.
    struct Inspection {
        var report = KYCFileReport()
        /// SHA-256 of the bytes as given; nil for an empty file.
        var digest: [UInt8]?
        /// The difference hash of the pixels; nil when not decoded.
        var hash: UInt64?
        /// The fixed JPEG, when fixing repaired the file.
        var fixedBytes: [UInt8]?

        /// Whether fixing can repair every error: there are some, and all are size,
        /// convertible-format or side-length errors.
        var isFixable: Bool {
            let fixable: Set<KYCCode> = [.fileTooLarge, .unsupportedFormat, .imageTooLarge]
            return !report.errors.isEmpty && report.errors.allSatisfy { fixable.contains($0.code) }
        }
    }

    /// Inspects `upload` as `role`; with `fix`, repairs and re-inspects it when it can.
    func inspect(_ upload: KYCUpload, role: KYCRole, fix: Bool) -> Inspection {
        let examined = examine(upload.bytes, fileExtension: upload.fileExtension, role: role)
        var first = examined.0
        // Only a decoded image can be fixed: unsupported formats and images over the decode
        // budget never are.
        guard fix, first.isFixable, let decoded = examined.1 else { return first }
        guard let repaired = KYCFixer(rules: rules).fix(decoded, role: role) else {
            first.report.warnings.append(KYCIssue(
                .fixFailed, "fixing could not bring the file within the limits without going below the minimum size"
            ))
            return first
        }
        var second = examine(repaired.bytes, fileExtension: nil, role: role).0
        second.report.actions = repaired.actions
        second.report.original = KYCFileReport.Original(
            bytes: upload.bytes.count, format: first.report.format ?? ImageFormat.unknown.rawValue,
            width: first.report.width, height: first.report.height,
            errors: first.report.errors, warnings: first.report.warnings
        )
        second.digest = first.digest
        second.hash = first.hash
        second.fixedBytes = repaired.bytes
        return second
    }

    /// Runs every file rule on `bytes`, decoding only what passes the format and budget checks.
    /// The image is returned too when it decoded, for the fixer.
    func examine(_ bytes: [UInt8], fileExtension: String?, role: KYCRole) -> (Inspection, DecodedImage?) {
        var result = Inspection()
        result.report.bytes = bytes.count
        if let size = rules.sizeIssue(byteCount: bytes.count) {
            result.report.errors.append(size)
            if bytes.isEmpty { return (result, nil) }
        }
        result.digest = Array(SHA256.hash(data: bytes))
        let format = ImageFormat.sniff(bytes)
        result.report.format = format.rawValue
        if let warning = rules.extensionWarning(fileExtension, format: format) { result.report.warnings.append(warning) }
        if let unsupported = rules.formatIssue(format) { result.report.errors.append(unsupported) }
        guard KYCRules.acceptedFormats.contains(format) || KYCRules.convertibleFormats.contains(format) else {
            return (result, nil)
        }
        let decoded: DecodedImage
        do throws(ImageLoadError) {
            let header = try ImageDecoder.header(of: bytes, budget: rules.decodeBudget)
            (result.report.width, result.report.height) = (header.width, header.height)
            if let side = rules.sideIssue(width: header.width, height: header.height) { result.report.errors.append(side) }
            decoded = try ImageDecoder.decode(bytes, budget: rules.decodeBudget)
        } catch {
            result.report.errors.append(issue(for: error))
            if case .tooLarge(_, let w, let h) = error { (result.report.width, result.report.height) = (w, h) }
            return (result, nil)
        }
        measure(decoded, role: role, into: &result)
        return (result, decoded)
    }

    /// The dimension, quality, face and metadata checks of a decoded image.
    private func measure(_ decoded: DecodedImage, role: KYCRole, into result: inout Inspection) {
        (result.report.width, result.report.height) = (decoded.image.width, decoded.image.height)
        if let small = rules.dimensionIssue(role: role, width: decoded.image.width, height: decoded.image.height) {
            result.report.errors.append(small)
        }
        if decoded.exif.hasGPS {
            result.report.warnings.append(KYCIssue(.locationMetadata, "the file carries GPS coordinates in its EXIF metadata"))
        }
        // The luminance, converted once: every measure below (the faces' too) works on gray
        // copies of it. One gray copy 1000 px wide for every measurement (a picture too small
        // for it is measured alone).
        let image = decoded.image.luminance() ?? decoded.image
        let pixels = KYCPixels(image)
        let document = role.isDocument ? pixels?.document(colour: decoded.image) : nil
        // A document's sharpness and glare are its OpenCV measures; the frame's stand in only where
        // those failed.
        let measuredApart = document?.sharpness != nil && document?.specularShare != nil
        let measurements = pixels.map { Image.qualityMeasurements(gray: $0.copy, bytes: $0.bytes, focusAndGlare: !measuredApart) }
            ?? image.qualityMeasurements()
        if let measurements {
            let scores = role.isDocument
                ? KYCScores(document: measurements, sharpness: document?.sharpness, specularShare: document?.specularShare)
                : KYCScores(measurements)
            result.report.scores = scores
            if role.isDocument {
                result.report.checks += rules.qualityMeasures(scores)
                result.report.errors += rules.qualityIssues(scores)
            }
        }
        // A document published cut out along its outline (its corners transparent) is whole: its
        // outline is the picture's, and its print may run to the picture's edges.
        let cutOut = decoded.transparentCorners
        if let outline = document?.outline, !cutOut {
            let judged = rules.framingChecks(outline)
            result.report.checks += judged.measures
            result.report.errors += judged.issues
        }
        // One DOCUMENT_CUT_OFF and one DOCUMENT_COVERED per file, whichever check saw it first.
        if let crossings = document?.crossings {
            result.report.record(rules.edgeCrossingCheck(cutOut ? BorderCrossings.none : crossings))
        }
        if let share = document?.solidPatchShare { result.report.record(rules.coveredCheck(solidPatchShare: share)) }
        if let cells = document?.mosaicCells { result.report.record(rules.pixelatedCheck(mosaicCells: cells)) }
        result.hash = pixels.map { Image.differenceHash(gray: $0.bytes, width: $0.copy.width, height: $0.copy.height) }
            ?? image.differenceHash()
        guard role == .selfie else { return }
        do throws(FaceDetector.Failure) {
            let found = rules.countedFaces(try faces.faces(
                in: image, minSizeFraction: rules.faceMinSizeFraction, minNeighbors: rules.faceMinNeighbors,
                countedShare: rules.faceMinShareOfLargest
            ))
            result.report.faces = found.count
            if found.isEmpty {
                // A frame too dark to show a face is not searched for a cut or a small one: what
                // those searches find in the dark is noise. It has no face, and it is too dark. (A
                // washed-out frame is searched: a tiny face on a light wall reads as one.)
                let exposure = measurements.map { rules.frameExposureCheck(low: $0.low, high: $0.high) }
                if let issue = exposure?.issue, issue.code == .tooDark {
                    result.report.errors.append(rules.noFaceIssue)
                } else {
                    result.report.errors.append(try missingFaceIssue(in: image, wellLit: exposure?.issue == nil))
                }
                if let exposure {
                    result.report.checks.append(exposure.measure)
                    if let issue = exposure.issue { result.report.errors.append(issue) }
                }
            } else if let faceIssue = rules.faceIssue(count: found.count) {
                result.report.errors.append(faceIssue)
            }
            if found.count == 1, let gray = FaceQuality.grayFace(of: found[0], in: image),
               let face = FaceQuality(face: gray, box: found[0], in: image) {
                let judged = rules.faceChecks(
                    face, frameEdges: pixels?.sharpness().map(KYCScores.edgeScore),
                    cover: FaceCover(of: found[0], in: decoded.image, eyesFound: try faces.eyes(inFace: gray))
                )
                result.report.checks += judged.measures
                result.report.errors += judged.issues
                if rules.checksScreenRecapture, let screen = rules.recaptureIssue(enclosingShare: pixels?.enclosingOutline(of: found[0])) {
                    result.report.errors.append(screen)
                }
            }
        } catch {
            result.report.errors.append(KYCIssue(.faceDetectionFailed, "face detection failed: \(error.message)"))
        }
    }

    /// Why no face was counted in `image`: a face cut by a side edge, a face too small, several
    /// small ones (`KYCRules.missingFaceIssue`), a face hidden from the cascades or cut at the
    /// top or bottom (`KYCRules.obscuredFaceIssue`), or none. Each search runs only when the ones
    /// before found nothing; the face network's only in a `wellLit` frame (in a frame too
    /// bright, the face it finds is washed out, not hidden: `TOO_BRIGHT` says why).
    private func missingFaceIssue(in image: Image, wellLit: Bool) throws(FaceDetector.Failure) -> KYCIssue {
        let cut = try faces.sideCutFaces(
            in: image, minSizeFraction: rules.faceMinSizeFraction, minNeighbors: rules.faceMinNeighbors
        )
        let small = cut.isEmpty
            ? try faces.smallFaces(in: image, minSizeFraction: rules.faceMinSizeFraction, minNeighbors: rules.faceMinNeighbors)
            : []
        let issue = rules.missingFaceIssue(cutFaces: cut, smallFaces: small, longSide: max(image.width, image.height))
        guard issue.code == .noFace, wellLit else { return issue }
        let hidden = try faces.networkFaces(in: image, minScore: rules.faceNetworkMinScore)
        return rules.obscuredFaceIssue(networkFaces: hidden, width: image.width, height: image.height) ?? issue
    }

    /// The KYC error for a load failure: `IMAGE_TOO_LARGE` over the budget, else `CORRUPT_IMAGE`.
    private func issue(for error: ImageLoadError) -> KYCIssue {
        switch error {
        case .tooLarge(_, let w, let h):
            KYCIssue(.imageTooLarge, "the image declares \(w)x\(h) px, over the \(rules.decodeBudget.maxSide) px side and \(rules.decodeBudget.maxPixels / 1_000_000) MP limits; it was not decoded")
        case .empty:
            KYCIssue(.fileEmpty, "the file is empty")
        case .unsupportedFormat(let f):
            KYCIssue(.unsupportedFormat, "the content is \(f.rawValue); only JPEG and PNG are accepted")
        case .corrupt, .zeroSize:
            KYCIssue(.corruptImage, "the image does not decode: \(error.description)")
        }
    }
}
