public import ActivationVision

/// The selfie's rules beyond the face count: the face's sharpness, exposure and size, and the
/// frame's exposure when no face is found. Pure logic; the validator measures.
extension KYCRules {
    /// The 90th luminance percentile of a selfie without a face at which its dark score is 0
    /// and 100: good real selfies measure 150–250, dark ones 40–85.
    static let selfieFrameDarkRange = (zero: 40.0, full: 140.0)
    /// The 2nd luminance percentile of a selfie without a face at which its bright score is 0
    /// and 100: a washed-out photo's darkest parts are light grey (120 and up).
    static let selfieFrameBrightRange = (zero: 140.0, full: 90.0)

    /// The faces that count: those at least `faceMinShareOfLargest` as wide as the largest.
    public func countedFaces(_ faces: [PixelRect]) -> [PixelRect] {
        let largest = faces.map(\.width).max() ?? 0
        return faces.filter { Double($0.width) >= faceMinShareOfLargest * Double(largest) }
    }

    /// The checks of a selfie's one face, each with its threshold, and the issues of those
    /// that fail: `BLURRY`, `TOO_DARK`/`TOO_BRIGHT`, `FACE_TOO_SMALL`. With `frameEdges` (the
    /// picture's edge sharpness score), `frame_edge_sharpness` too: under
    /// `selfieMinEdgeSharpness` the selfie is `BLURRY` even when its face looks sharp at 128 px.
    /// With `cover` (a colour picture's), `face_uncovered` and `eyes_uncovered` too: under
    /// `faceUncoveredThreshold` the face's nose and mouth are covered, under
    /// `eyesUncoveredThreshold` its eyes (sunglasses), and the selfie is `FACE_OBSCURED` (said
    /// once, for the nose and mouth when both fail).
    func faceChecks(
        _ face: FaceQuality, frameEdges: Int? = nil, cover: FaceCover? = nil
    ) -> (measures: [KYCMeasure], issues: [KYCIssue]) {
        let exposure = face.exposure
        let sizeThreshold = Int((100 * faceMinShareOfLongSide).rounded())
        var measures = [
            KYCMeasure("face_sharpness", score: face.sharpness, threshold: faceSharpnessThreshold),
            KYCMeasure("face_exposure", score: exposure.score, threshold: faceExposureThreshold),
            KYCMeasure("face_size", score: face.size, threshold: sizeThreshold),
        ]
        var issues: [KYCIssue] = []
        if measures[0].fails {
            issues.append(KYCIssue(.blurry, "the face's sharpness \(face.sharpness) is under \(faceSharpnessThreshold): hold the phone still, focus on the face and take the selfie again"))
        }
        if let frameEdges {
            let edges = KYCMeasure("frame_edge_sharpness", score: frameEdges, threshold: selfieMinEdgeSharpness)
            measures.append(edges)
            if edges.fails, !measures[0].fails {
                issues.append(KYCIssue(.blurry, "the picture is soft throughout (edge sharpness \(frameEdges), under \(selfieMinEdgeSharpness)): an enlarged small photo or a shaken one; take the selfie again with the phone's camera, held still"))
            }
        }
        if measures[1].fails {
            issues.append(exposure.underexposed
                ? KYCIssue(.tooDark, "the face's exposure \(exposure.score) is under \(faceExposureThreshold): the face is too dark; face a light or a window and take the selfie again")
                : KYCIssue(.tooBright, "the face's exposure \(exposure.score) is under \(faceExposureThreshold): the face is washed out; move out of direct light and take the selfie again"))
        }
        if let cover {
            let uncovered = KYCMeasure("face_uncovered", score: cover.uncovered, threshold: faceUncoveredThreshold)
            measures.append(uncovered)
            if uncovered.fails {
                issues.append(KYCIssue(.faceObscured, "the face's nose and mouth do not show skin (score \(cover.uncovered), under \(faceUncoveredThreshold)): take off any mask or scarf, keep hands off the face and take the selfie again"))
            }
            let eyes = KYCMeasure("eyes_uncovered", score: cover.eyesUncovered, threshold: eyesUncoveredThreshold)
            measures.append(eyes)
            if eyes.fails, !uncovered.fails {
                issues.append(KYCIssue(.faceObscured, "the eyes are hidden: the band across them is dark throughout (score \(cover.eyesUncovered), under \(eyesUncoveredThreshold)); take off sunglasses and take the selfie again"))
            }
        }
        if measures[2].fails {
            issues.append(KYCIssue(.faceTooSmall, "the face is \(face.size)% of the picture's long side, under \(sizeThreshold)%: hold the phone closer so that the face fills more of the picture"))
        }
        return (measures, issues)
    }

    /// The exposure check of a selfie in which no face was found, from the frame's 2nd and 90th
    /// luminance percentiles: a face hidden by darkness or washed out says why it was not found.
    func frameExposureCheck(low: Double, high: Double) -> (measure: KYCMeasure, issue: KYCIssue?) {
        let dark = FaceQuality.linear(high, Self.selfieFrameDarkRange)
        let bright = FaceQuality.linear(low, Self.selfieFrameBrightRange)
        let measure = KYCMeasure("frame_exposure", score: min(dark, bright), threshold: faceExposureThreshold)
        guard measure.fails else { return (measure, nil) }
        return (measure, dark < bright
            ? KYCIssue(.tooDark, "the picture's exposure \(measure.score) is under \(faceExposureThreshold): it is too dark to show a face; take the selfie in better light")
            : KYCIssue(.tooBright, "the picture's exposure \(measure.score) is under \(faceExposureThreshold): it is washed out; move out of direct light and take the selfie again"))
    }

    /// `SCREEN_RECAPTURE` when the face lies inside a four-sided outline covering 10–90 % of the
    /// picture (`enclosingShare` over 0): the edge of a screen or a print held up to the camera.
    /// A selfie's face has no straight frame around it; a nil share (not measured) passes.
    func recaptureIssue(enclosingShare: Double?) -> KYCIssue? {
        guard let share = enclosingShare, share > 0 else { return nil }
        return KYCIssue(.screenRecapture, "the face is inside a screen's or a print's frame (\(Int((100 * share).rounded()))% of the picture): take the selfie of yourself with the phone's camera, not of a photo or a screen")
    }

    /// Why a selfie in which the cascades found no face of any size fails when the face network
    /// (`FaceNetwork`) found one of the size a selfie needs (its width at least
    /// `faceMinShareOfLongSide` of the long side) in the `width`×`height` picture: `FACE_CUT_OFF`
    /// when its box reaches within 3 % of an edge (a face too close to the camera, its chin or
    /// its forehead outside), else `FACE_OBSCURED` (a mask, a hat, a hand or a turned head hides
    /// what a reviewer compares). Nil without such a face: the selfie stays `NO_FACE`.
    func obscuredFaceIssue(networkFaces: [PixelRect], width: Int, height: Int) -> KYCIssue? {
        guard let face = networkFaces.max(by: { $0.width < $1.width }),
              Double(face.width) >= faceMinShareOfLongSide * Double(max(width, height)) else { return nil }
        let (dx, dy) = (Int(0.03 * Double(width)), Int(0.03 * Double(height)))
        if face.x <= dx || face.y <= dy || face.maxX >= width - dx || face.maxY >= height - dy {
            return faceCutOffIssue
        }
        return KYCIssue(.faceObscured, "a face was found, but its features are hidden or turned away: take off any mask, hat or sunglasses, keep hands and hair off the face, look straight at the camera and take the selfie again")
    }

    /// `FACE_CUT_OFF`: part of the face is outside the picture.
    var faceCutOffIssue: KYCIssue {
        KYCIssue(.faceCutOff, "a face was found cut by the picture's edge: part of it is outside the picture; hold the phone so that the whole face is in the middle of the picture")
    }

    /// Why a selfie in which no face of the counted size was found fails, from the two extra
    /// searches: `FACE_CUT_OFF` when a face is cut by a side edge (`cutFaces`), else
    /// `MULTIPLE_FACES` when several faces smaller than the counted ones are there
    /// (`smallFaces`, counted as `countedFaces` counts: a group or a crowd photographed from
    /// afar; of the 18 other real selfies without a counted face none shows two, one shows
    /// one), else `FACE_TOO_SMALL` when exactly one is there (in pixels of a picture whose long
    /// side is `longSide`) and it is under the face-size threshold, else `NO_FACE`.
    func missingFaceIssue(cutFaces: [PixelRect], smallFaces: [PixelRect], longSide: Int) -> KYCIssue {
        if !cutFaces.isEmpty { return faceCutOffIssue }
        let small = countedFaces(smallFaces)
        if small.count > 1 {
            return KYCIssue(.multipleFaces, "\(small.count) small faces were found: the selfie must show one person only, close to the camera")
        }
        if small.count == 1 {
            let share = Double(small[0].width) / Double(max(1, longSide))
            let size = Int((100 * share).rounded()), threshold = Int((100 * faceMinShareOfLongSide).rounded())
            if share < faceMinShareOfLongSide {
                return KYCIssue(.faceTooSmall, "only a small face was found, \(size)% of the picture's long side, under \(threshold)%: hold the phone closer so that the face fills more of the picture")
            }
        }
        return noFaceIssue
    }
}
