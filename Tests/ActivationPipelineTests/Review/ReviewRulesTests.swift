import ActivationPipeline
import Testing

/// Why a result needs a person: one rule per reason, decided from values alone.
@Suite struct ReviewRulesTests {
    static func reading(
        _ value: String = "352099001761481", label: String = "IMEI1", slot: Int? = 1, confidence: Double = 0.99,
        corrected: Bool = false, channels: [String] = ["text"]
    ) -> IMEIReading {
        IMEIReading(
            value: value, label: label, slot: slot, softwareVersion: nil, confidence: confidence, box: [1, 2, 3, 4],
            corrected: corrected, channels: channels)
    }

    static func codes(_ result: ScreenshotResult, evidence: ReviewEvidence? = nil, context: ReviewContext = .init()) -> [ReviewCode] {
        ReviewRules.reasons(for: result, evidence: evidence, context: context).map(\.code)
    }

    static func result(_ imeis: [IMEIReading], meid: String? = nil, error: OAError? = nil) -> ScreenshotResult {
        ScreenshotResult(file: "/up/a.png", imeis: imeis, meid: meid, error: error)
    }

    @Test func aConfidentTwoChannelOrScreenshotReadNeedsNobody() {
        #expect(Self.codes(Self.result([Self.reading()]), evidence: ReviewEvidence(photo: false, unreadLabels: [])).isEmpty)
        #expect(Self.codes(Self.result([Self.reading(channels: ["deep", "barcode"])]), evidence: ReviewEvidence(photo: true, unreadLabels: [])).isEmpty)
        #expect(Self.codes(Self.result([], error: .unableToDoOCR)).isEmpty, "no IMEI on the picture is an answer, not a doubt")
    }

    @Test func correctedDigitsAndABarcodeThatDisagreedAreTold() {
        #expect(Self.codes(Self.result([Self.reading(corrected: true)])) == [.corrected])
        #expect(Self.codes(Self.result([Self.reading(corrected: true, channels: ["deep", "barcode"])])) == [.barcodeDisagreed])
    }

    @Test func lowConfidenceIsUnderPointNinety() {
        #expect(ReviewRules.lowConfidence == 0.90)
        #expect(Self.codes(Self.result([Self.reading(confidence: 0.889)])) == [.lowConfidence])
        #expect(Self.codes(Self.result([Self.reading(confidence: 0.90)])).isEmpty)
        let detail = ReviewRules.reasons(for: Self.result([Self.reading(confidence: 0.885)]), evidence: nil).first?.detail ?? ""
        #expect(detail.contains("0.89") && detail.contains("0.90") && detail.contains("35209900*******") && !detail.contains("352099001761481"))
    }

    @Test func oneChannelOnAPhotoIsTold() {
        let photo = ReviewEvidence(photo: true, unreadLabels: [])
        #expect(Self.codes(Self.result([Self.reading(channels: ["deep"])]), evidence: photo) == [.singleChannelPhoto])
        #expect(Self.codes(Self.result([Self.reading(channels: ["text"])]), evidence: photo) == [.singleChannelPhoto])
        #expect(Self.codes(Self.result([Self.reading(channels: ["text"])]), evidence: ReviewEvidence(photo: false, unreadLabels: [])).isEmpty)
        let confirmed = ReviewEvidence(photo: true, unreadLabels: [], barcodeConfirmed: ["352099001761481"])
        #expect(Self.codes(Self.result([Self.reading(channels: ["text"])]), evidence: confirmed).isEmpty, "a barcode in the picture agrees")
    }

    @Test func unreadLabelsAndMEIDOnlyAreTold() {
        let evidence = ReviewEvidence(photo: false, unreadLabels: ["IMEI2: no value"])
        let reasons = ReviewRules.reasons(for: Self.result([Self.reading()]), evidence: evidence)
        #expect(reasons == [ReviewReason(.labelUnread, "IMEI2: no value")])
        #expect(Self.codes(Self.result([], meid: "A1000049ABCDEF", error: .unableToDoOCR)) == [.meidOnly])
        #expect(Self.codes(Self.result([Self.reading()], meid: "35209900176148")).isEmpty, "a MEID beside an IMEI is no doubt")
    }

    @Test func riskFindingsAreTold() {
        let context = ReviewContext(reusedIn: ["352099001761481": 2], duplicateOf: "/up/first.png")
        let reasons = ReviewRules.reasons(for: Self.result([Self.reading()]), evidence: nil, context: context)
        #expect(reasons.map(\.code) == [.reusedIMEI, .duplicateScreenshot])
        #expect(reasons[0].detail.contains("2 other uploads") && !reasons[0].detail.contains("352099001761481"))
    }

    @Test func reasonsComeInAFixedOrder() {
        let result = Self.result([
            Self.reading(confidence: 0.5, corrected: true, channels: ["deep"]),
            Self.reading("490154203237518", label: "IMEI2", slot: 2, confidence: 0.8),
        ])
        let codes = Self.codes(result, evidence: ReviewEvidence(photo: true, unreadLabels: ["MEID: no value"]),
                               context: ReviewContext(reusedIn: ["490154203237518": 1]))
        #expect(codes == [.corrected, .lowConfidence, .singleChannelPhoto, .lowConfidence, .singleChannelPhoto, .labelUnread, .reusedIMEI])
    }

    @Test func aPhotoIsJudgedFromEXIFShapeOrTheReadersChannels() {
        let screen = ImageFacts(pixelWidth: 1170, pixelHeight: 2532)
        let camera = ImageFacts(pixelWidth: 1200, pixelHeight: 1600)
        let small = ImageFacts(pixelWidth: 600, pixelHeight: 800)
        let exif = ImageFacts(pixelWidth: 1170, pixelHeight: 2532, hasCameraSettings: true)
        let text = Self.result([Self.reading()])
        #expect(!ReviewEvidence.isPhoto(text, facts: screen))
        #expect(ReviewEvidence.isPhoto(text, facts: camera), "4:3 at 1.9 MP is a camera's shape")
        #expect(!ReviewEvidence.isPhoto(text, facts: small), "under a megapixel: a cropped screenshot may be 3:4")
        #expect(ReviewEvidence.isPhoto(text, facts: exif))
        #expect(ReviewEvidence.isPhoto(Self.result([Self.reading(channels: ["deep"])]), facts: screen))
        #expect(!ReviewEvidence.isPhoto(text, facts: nil))
        #expect(ReviewEvidence.isPhoto(text, facts: screen, exactFlatShare: 0.3), "a screen-shaped photo: few exactly flat neighbours")
        #expect(!ReviewEvidence.isPhoto(text, facts: screen, exactFlatShare: 0.8))
        var askew = text
        askew.stages = [ReaderStage(name: "bands", ms: 9, concluded: "not legible, 3 labels, 2 IMEIs", verdict: "read")]
        #expect(ReviewEvidence.legible(askew.stages) == false && ReviewEvidence.isPhoto(askew, facts: screen), "the reader's own verdict")
        var level = Self.result([Self.reading(channels: ["deep"])])
        level.stages = [ReaderStage(name: "bands", ms: 9, concluded: "legible, bands not read"), ReaderStage(name: "rescue", ms: 90, concluded: "1 IMEI")]
        #expect(ReviewEvidence.legible(level.stages) == true && !ReviewEvidence.isPhoto(level, facts: screen), "a level screen the deep reader rescued")
        #expect(ReviewEvidence.legible([ReaderStage(name: "bands", ms: 1, concluded: "something else")]) == nil)
        let jpeg = ImageFacts(pixelWidth: 1170, pixelHeight: 2532, format: .jpeg)
        let png = ImageFacts(pixelWidth: 1170, pixelHeight: 2532, format: .png)
        #expect(ReviewEvidence.wantsTexture(text, facts: jpeg))
        #expect(!ReviewEvidence.wantsTexture(text, facts: png), "a PNG screenshot pays no second decode")
        #expect(!ReviewEvidence.wantsTexture(Self.result([Self.reading(channels: ["deep"])]), facts: jpeg), "already a photo")
        #expect(!ReviewEvidence.wantsTexture(Self.result([Self.reading(channels: ["text", "barcode"])]), facts: jpeg))
        var notLegible = Self.result([Self.reading(channels: ["text"])])
        notLegible.stages = [ReaderStage(name: "bands", ms: 1, concluded: "not legible, 3 labels, 2 IMEIs")]
        #expect(ReviewEvidence.wantsTexture(notLegible, facts: png), "a barcode the reader did not need may confirm it")
    }

    @Test func evidenceKeepsTheLabelsNoIMEIAccountsFor() {
        var result = Self.result([Self.reading()])
        result.unreadLabels = [
            UnreadLabel(label: "IMEI1", box: [0, 0, 1, 1], reason: .noValue),
            UnreadLabel(label: "IMEI2", box: [0, 0, 1, 1], reason: .luhnFailed),
            UnreadLabel(label: "MEID", box: [0, 0, 1, 1], reason: .meidOnly),
        ]
        let evidence = ReviewEvidence.from(result, facts: ImageFacts(pixelWidth: 1170, pixelHeight: 2532))
        #expect(evidence == ReviewEvidence(photo: false, unreadLabels: ["IMEI2: Luhn failed"]))
    }
}
