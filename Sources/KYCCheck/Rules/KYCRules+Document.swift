/// The document's framing rules: whole in the picture, near enough, not at a steep angle, and
/// nothing pasted over it. The outline's checks are judged only when it stands out from a
/// plain surround (`DocumentOutline`); a full-frame scan is not judged by them. Pure logic.
extension KYCRules {
    /// The framing checks of a found outline, each with its threshold, and the issues of those
    /// that fail: `DOCUMENT_CUT_OFF`, `DOCUMENT_TOO_FAR`, `DOCUMENT_TILTED`. Scores: the share
    /// in percent, the margin in thousandths of the short side, and 90 less the corner
    /// deviation in degrees.
    func framingChecks(_ outline: DocumentOutline) -> (measures: [KYCMeasure], issues: [KYCIssue]) {
        let share = Int((100 * outline.share).rounded()), minShare = Int((100 * documentMinShare).rounded())
        let margin = Int((1000 * outline.margin).rounded()), minMargin = Int((1000 * documentMinMargin).rounded())
        let square = 90 - Int(outline.cornerDeviation.rounded()), minSquare = 90 - Int(documentMaxCornerDeviation.rounded())
        let measures = [
            KYCMeasure("document_margin", score: margin, threshold: minMargin),
            KYCMeasure("document_size", score: share, threshold: minShare),
            KYCMeasure("document_squareness", score: square, threshold: minSquare),
        ]
        var issues: [KYCIssue] = []
        if measures[0].fails {
            issues.append(KYCIssue(.documentCutOff, "the document runs into the picture's edge: move the phone back so that all four corners are in the picture, with a little space around them"))
        }
        if measures[1].fails {
            issues.append(KYCIssue(.documentTooFar, "the document covers \(share)% of the picture, under \(minShare)%: move the phone closer so that the document fills most of the picture"))
        }
        if measures[2].fails {
            issues.append(KYCIssue(.documentTilted, "a corner of the document is \(Int(outline.cornerDeviation.rounded()))° off square, over \(Int(documentMaxCornerDeviation.rounded()))°: hold the phone straight above the document"))
        }
        return (measures, issues)
    }

    /// The check that no content runs across the picture's edge, with its threshold, and
    /// `DOCUMENT_CUT_OFF` when it fails: print or a photo crossing an edge on more than
    /// `documentMaxEdgeCrossing` of its length is a document cut by the frame, whether or not
    /// its outline was found. Score: 100 less the most-crossed edge's share in percent.
    func edgeCrossingCheck(_ crossings: BorderCrossings) -> (measure: KYCMeasure, issue: KYCIssue?) {
        let largest = crossings.largest ?? (edge: .left, share: 0)
        let measure = KYCMeasure(
            "document_edge_clear", score: 100 - Int((100 * largest.share).rounded()),
            threshold: 100 - Int((100 * documentMaxEdgeCrossing).rounded())
        )
        guard measure.fails else { return (measure, nil) }
        return (measure, KYCIssue(.documentCutOff, "the document's print runs across the picture's \(largest.edge.rawValue) edge (\(Int((100 * largest.share).rounded()))% of it): part of the document is outside the picture; move the phone back so that all four corners are in the picture, with a little space around them"))
    }

    /// The check that no solid black or white patch hides part of the document, with its
    /// threshold, and `DOCUMENT_COVERED` when it fails. Score: 100 less the patch's share of the
    /// picture in thousandths (0.031 scores 69), against 100 less `documentMaxCoveredShare`'s.
    func coveredCheck(solidPatchShare share: Double) -> (measure: KYCMeasure, issue: KYCIssue?) {
        let measure = KYCMeasure(
            "document_uncovered", score: max(0, 100 - Int((1000 * share).rounded())),
            threshold: 100 - Int((1000 * documentMaxCoveredShare).rounded())
        )
        guard measure.fails else { return (measure, nil) }
        return (measure, KYCIssue(.documentCovered, "a solid black or white box hides part of the document (\(Double(Int((1000 * share).rounded())) / 10)% of the picture): photograph the whole document with nothing over it"))
    }

    /// The check that no part of the document is pixelated, with its threshold, and
    /// `DOCUMENT_COVERED` when it fails: more than `documentMaxMosaicCells` blocks of a mosaic
    /// (an uploader hiding a number, a name or the photo). Score: 100 less the blocks counted.
    func pixelatedCheck(mosaicCells cells: Int) -> (measure: KYCMeasure, issue: KYCIssue?) {
        let measure = KYCMeasure("document_unpixelated", score: max(0, 100 - cells), threshold: 100 - documentMaxMosaicCells)
        guard measure.fails else { return (measure, nil) }
        return (measure, KYCIssue(.documentCovered, "part of the document is pixelated (\(cells) blocks of a mosaic): photograph the whole document, with nothing on it hidden or edited"))
    }
}
