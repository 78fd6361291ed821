@testable import ActivationPipeline
@testable import ActivationReader
import ActivationVision
import Foundation
import Testing

/// A refusal is a verdict (`samples/tampered/`: pairs of one page, as drawn and with one digit of
/// each IMEI changed): a value read surely and confirmed that fails the Luhn check ends the
/// reading with 4001 `LUHN_FAILED`, and no costlier pass runs for it.
@Suite struct TamperedPageTests {
    static let folder = SampleScreenshotTests.samples.appendingPathComponent("tampered")

    @Test func everyTamperedPageIsRefusedAndEveryTwinRead() async throws {
        let truth = try SampleScreenshotTests.truth(Self.folder)
        #expect(truth.count >= 100 && truth.filter(\.imeis.isEmpty).count * 2 == truth.count)
        let results = try await SampleScreenshotTests.readAll(truth.map { Self.folder.appendingPathComponent($0.file).path })
        try #require(results.count == truth.count)
        var twins = 0, refusals = 0
        for (t, r) in zip(truth, results) {
            let got = Set(r.imeis.map(\.value))
            if t.imeis.isEmpty {
                #expect(got.isEmpty, "false accept in \(t.file)")
                #expect(r.error?.code == 4001, "\(t.file) must answer 4001")
                refusals += r.error?.reason == OAError.Reason.luhnFailed ? 1 : 0
            } else {
                twins += got == Set(t.imeis) ? 1 : 0
            }
        }
        print("tampered: \(truth.count / 2)/\(truth.count / 2) refused, \(refusals) as LUHN_FAILED; twins \(twins)/\(truth.count / 2) exact")
        #expect(twins == truth.count / 2)
        // Every refusal is a verdict (51/51): none answers 4001 only after the costlier passes.
        #expect(refusals == truth.count / 2, "\(refusals) refusals as LUHN_FAILED")
    }

    /// Tampered pages photographed at random shots (`samples/tampered-photos`): every one answers
    /// 4001. Tesseract's later passes read two of them as a Luhn-valid misread of an edited value
    /// that the deep reader had read, digit by digit, surely: its reading vetoes theirs.
    @Test(.enabled(if: DeepOCR.shared != nil, "needs the deep second opinion installed"))
    func aPhotographedTamperedPageIsNeverAccepted() async throws {
        let folder = SampleScreenshotTests.samples.appendingPathComponent("tampered-photos")
        let truth = try SampleScreenshotTests.truth(folder)
        #expect(truth.count >= 12 && truth.allSatisfy(\.imeis.isEmpty))
        let results = try await SampleScreenshotTests.readAll(truth.map { folder.appendingPathComponent($0.file).path })
        try #require(results.count == truth.count)
        for (t, r) in zip(truth, results) {
            #expect(r.imeis.isEmpty, "false accept in tampered-photos/\(t.file)")
            #expect(r.error?.code == 4001, "\(t.file) must answer 4001")
        }
    }

    /// A legible screenshot: its bands' reads and one re-read agree, and nothing else runs.
    @Test func aTamperedScreenshotStopsAtItsBands() throws {
        let (result, stages) = try NoIMEIPageTests.read(Self.folder.appendingPathComponent("0000_ios_about_light_png_tampered.png").path)
        #expect(result.imeis.isEmpty && result.error?.code == 4001 && result.error?.reason == OAError.Reason.luhnFailed)
        #expect(stages.map(\.name) == ["bands"] && stages.first?.verdict == "refused")
        let (twin, twinStages) = try NoIMEIPageTests.read(Self.folder.appendingPathComponent("0000_ios_about_light_png_twin.png").path)
        #expect(!twin.imeis.isEmpty && twin.error == nil && twinStages.map(\.name) == ["bands"])
    }

    /// A *#06# screen whose digits were edited keeps its true IMEI in the barcodes: a barcode that
    /// disagrees with a value read surely is the page disagreeing with itself, not a rescue.
    @Test func aBarcodeThatDisagreesWithItsEditedLineIsNoRescue() throws {
        let (result, _) = try NoIMEIPageTests.read(Self.folder.appendingPathComponent("0033_samsung_dial_light_png_tampered.png").path)
        #expect(result.imeis.isEmpty && result.error?.reason == OAError.Reason.luhnFailed)
    }

    /// A page turned a quarter in its pixels: the deep reader reads its lines turned, lists each
    /// line's corners from its text's top-left, and Tesseract's confirming re-read is cut across
    /// the line as it stands on the page (it was cut along it, read nothing and sent the page
    /// through every costlier pass: 1.9 s of CPU against its twin's 0.5).
    @Test(.enabled(if: DeepOCR.shared != nil, "needs the deep second opinion installed"))
    func aTamperedPageTurnedAQuarterIsRefusedAtItsDeepReading() throws {
        let (result, stages) = try NoIMEIPageTests.read(Self.folder.appendingPathComponent("0008_ios_about_light_pixel_rot_tampered.png").path)
        #expect(result.imeis.isEmpty && result.error?.reason == OAError.Reason.luhnFailed)
        #expect(stages.map(\.name) == ["bands", "deep"] && stages.last?.verdict == "refused")
    }

    /// A turned line's read corners start at its text's top-left: it runs down the page, a level
    /// one does not, and a detected box not yet read is told by ``TextBox/isVertical`` instead.
    @Test func aReadLineTurnedAQuarterRunsDownThePage() {
        let down = TextBox(text: "3554", corners: [120, 10, 120, 400, 90, 400, 90, 10])  // read top to bottom
        let up = TextBox(text: "3554", corners: [90, 400, 90, 10, 120, 10, 120, 400])  // read bottom to top
        let level = TextBox(text: "3554", corners: [10, 90, 400, 95, 400, 125, 10, 120])
        #expect(down.runsDownThePage && up.runsDownThePage && !level.runsDownThePage)
        #expect(!down.isVertical && !up.isVertical, "isVertical reads the corners in the page's order")
    }

    /// A photo: Tesseract's two reads alone are no verdict (`dev-photo/0026`, where both misread a
    /// digit), but the deep reader's reading of the same digits is.
    @Test(.enabled(if: DeepOCR.shared != nil, "needs the deep second opinion installed"))
    func aTamperedPhotoIsRefusedByTheDeepReaderAndTesseractTogether() throws {
        let (result, stages) = try NoIMEIPageTests.read(Self.folder.appendingPathComponent("0004_ios_about_light_photo_tampered.jpg").path)
        #expect(result.imeis.isEmpty && result.error?.reason == OAError.Reason.luhnFailed)
        #expect(stages.first { $0.name == "deep" }?.verdict == "refused")
        #expect(!stages.contains { $0.name == "flattened" || $0.name == "upright" })
    }

    /// Photos at an angle: Tesseract confirms the deep reader's reading on the value's cut warped
    /// upright along its line. Cut square to the picture, the slanted line took in its
    /// neighbours; Tesseract read them or nothing, and the pages ran every costlier pass (one then
    /// answered "no IMEI label").
    @Test(.enabled(if: DeepOCR.shared != nil, "needs the deep second opinion installed"))
    func aTamperedPhotoAtAnAngleIsConfirmedOnItsUprightCut() throws {
        let folder = SampleScreenshotTests.samples.appendingPathComponent("tampered-photos")
        for name in ["0000_tampered_dark_photo.jpg", "0100_tampered_light_photo.jpg"] {
            let (result, stages) = try NoIMEIPageTests.read(folder.appendingPathComponent(name).path)
            #expect(result.imeis.isEmpty && result.error?.reason == OAError.Reason.luhnFailed, "\(name)")
            #expect(stages.map(\.name) == ["bands", "deep"] && stages.last?.verdict == "refused", "\(name)")
        }
    }

    /// A screenshot shrunk to a third is not legible, so Tesseract's agreeing re-reads are no
    /// verdict alone: the deep recogniser reading the value's crop alike makes it one, at the
    /// bands, without the deep reader's detection (which cost 1.2 s, 14 times the twin's reading).
    @Test(.enabled(if: DeepOCR.shared != nil, "needs the deep second opinion installed"))
    func aSmallTamperedScreenshotIsRefusedAtItsBandsByBothEngines() throws {
        let (result, stages) = try NoIMEIPageTests.read(Self.folder.appendingPathComponent("0006_ios_about_light_third_tampered.png").path)
        #expect(result.imeis.isEmpty && result.error?.reason == OAError.Reason.luhnFailed)
        #expect(stages.map(\.name) == ["bands"] && stages.first?.verdict == "refused")
        let (twin, twinStages) = try NoIMEIPageTests.read(Self.folder.appendingPathComponent("0006_ios_about_light_third_twin.png").path)
        #expect(twin.imeis.count == 1 && twinStages.first?.verdict == "read" && !twinStages.contains { $0.name == "deep" })
    }

    /// Photos whose values Tesseract cannot read surely: an IMEI2 the deep reader read with an
    /// unsure glyph is confirmed by Tesseract reading it alike with confident glyphs (0030); a
    /// value the deep reader read surely and Tesseract reads as nothing is confirmed by the deep
    /// recogniser reading its cut again smaller (0070, on the screen set upright; on the picture
    /// as taken, read surely but not confirmed, it spares Tesseract's passes). Before, 0030 ran
    /// every costlier pass and 0070 answered "no IMEI label found".
    @Test(.enabled(if: DeepOCR.shared != nil, "needs the deep second opinion installed"))
    func aTamperedPhotoTesseractReadsBadlyIsStillRefused() throws {
        let folder = SampleScreenshotTests.samples.appendingPathComponent("tampered-photos")
        let (unsure, unsureStages) = try NoIMEIPageTests.read(folder.appendingPathComponent("0030_tampered_dark_photo.jpg").path)
        #expect(unsure.imeis.isEmpty && unsure.error?.reason == OAError.Reason.luhnFailed)
        #expect(unsureStages.map(\.name) == ["bands", "deep"] && unsureStages.last?.verdict == "refused")
        let (blurred, blurredStages) = try NoIMEIPageTests.read(folder.appendingPathComponent("0070_tampered_dark_photo.jpg").path)
        #expect(blurred.imeis.isEmpty && blurred.error?.reason == OAError.Reason.luhnFailed)
        #expect(Array(blurredStages.map(\.name).prefix(4)) == ["bands", "deep", "barcodes", "upright"])
        #expect(!blurredStages.contains { ["page", "levelled", "flattened"].contains($0.name) })
        let upright = blurredStages.first { $0.name == "upright" }?.stages ?? []
        #expect(upright.first { $0.name == "deep" }?.verdict == "refused")
    }

    /// A photo whose edited values the deep reader read with unsure glyphs and Tesseract's
    /// re-reads of their cuts came nowhere near (`tampered-photos/0090`): Tesseract's page passes,
    /// which ran before (page, levelled, flattened: 6 s of CPU) and read nothing, are spared; the
    /// label's value is reported as failing the Luhn check, no longer "no IMEI label found".
    @Test(.enabled(if: DeepOCR.shared != nil, "needs the deep second opinion installed"))
    func valuesTesseractCannotReadSpareItsPagePasses() throws {
        let folder = SampleScreenshotTests.samples.appendingPathComponent("tampered-photos")
        let (result, stages) = try NoIMEIPageTests.read(folder.appendingPathComponent("0090_tampered_light_photo.jpg").path)
        #expect(result.imeis.isEmpty && result.error?.code == 4001)
        #expect(Array(stages.map(\.name).prefix(4)) == ["bands", "deep", "barcodes", "upright"])
        #expect(!stages.contains { ["page", "levelled", "flattened"].contains($0.name) })
        #expect(result.unreadLabels.contains { $0.reason == .luhnFailed })
    }

    @Test func aRefusalNeedsTheSameFifteenDigitsTwice() {
        func read(_ digits: String) -> ValueRead {
            ValueRead(lines: [OCRLine(words: [OCRWord(text: digits, confidence: 0.99, box: PixelRect(x: 0, y: 0, width: 150, height: 20),
                                                       symbols: digits.map { OCRSymbol(text: String($0), confidence: 0.99, box: PixelRect(x: 0, y: 0, width: 10, height: 20)) })],
                                      box: PixelRect(x: 0, y: 0, width: 150, height: 20))])
        }
        let tampered = "356938035643808", valid = "356938035643809"
        #expect(ScreenReading.confirmsRefusal(read(tampered), of: read(tampered)))
        #expect(!ScreenReading.confirmsRefusal(read("356938035643818"), of: read(tampered)), "a re-read that differs is no confirmation")
        #expect(!ScreenReading.confirmsRefusal(read(valid), of: read(valid)), "a valid IMEI is never refused")
        #expect(!ScreenReading.confirmsRefusal(read("35693803564380"), of: read("35693803564380")), "14 digits are no IMEI to refuse")
    }
}

/// No page costs more than a fixed multiple of what its kind usually costs (``ReadingBudget``):
/// past its budget no stage starts, and the reading answers what its finished stages read, or
/// 4001 `DEADLINE_EXCEEDED` when they read no IMEI.
@Suite struct ReadingBudgetTests {
    @Test func aReadingPastItsKindsBudgetStopsBetweenStages() throws {
        var configuration = IMEIReader.Configuration()
        configuration.explain = true
        configuration.tuning.screenCPUBudget = 0.000_001
        let reader = try IMEIReader(configuration: configuration)
        // A legible form whose bands give no verdict: the page pass would come next.
        let result = reader.read(path: RealWorldLayoutTests.folder.appendingPathComponent("0000_form_fields_light_imei.png").path)
        #expect(result.imeis.isEmpty && result.error?.code == 4001 && result.error?.reason == OAError.Reason.deadlineExceeded)
        // Explained all the same: the one stage that ran, and no page pass after it.
        #expect(result.stages?.map(\.name) == ["bands"])
        // The same page within the default budget is read.
        let unbounded = try IMEIReader(configuration: IMEIReader.Configuration())
        #expect(unbounded.read(path: RealWorldLayoutTests.folder.appendingPathComponent("0000_form_fields_light_imei.png").path).imeis.count == 1)
    }

    @Test func anIMEIReadBeforeTheBudgetRanOutIsKept() throws {
        var configuration = IMEIReader.Configuration()
        configuration.explain = true
        configuration.tuning.screenCPUBudget = 0.000_001
        configuration.tuning.photoCPUBudget = 0.000_001
        let reader = try IMEIReader(configuration: configuration)
        // A Samsung dialog cut to its lower part: the bands read its IMEI; the barcode look
        // that would follow does not start.
        let result = reader.read(path: SampleScreenshotTests.samples.appendingPathComponent("0012_samsung_dial_dark_crop.png").path)
        #expect(result.error == nil && result.imeis.count == 1)
        #expect(result.stages?.map(\.name) == ["bands"])
    }

    @Test func theBudgetIsSetOnceAndCountsThisThreadsCPU() {
        let budget = ReadingBudget()
        #expect(!budget.exceeded, "no limit before the kind is known")
        budget.limit(to: 1000)
        budget.limit(to: 0)
        #expect(budget.limit == 1_000_000_000_000 && !budget.exceeded)
        let spent = ReadingBudget()
        spent.limit(to: 0.000_001)
        var x = 0.0
        for i in 0..<200_000 { x += Double(i).squareRoot() }
        #expect(x > 0 && spent.exceeded)
    }
}
