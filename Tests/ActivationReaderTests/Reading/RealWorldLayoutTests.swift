@testable import ActivationPipeline
@testable import ActivationReader
import ActivationVision
import Foundation
import Testing

/// `samples/layouts/` (`scripts/make-samples/make_layouts.py`): layouts met on real screens that
/// the other generators never drew: light grey labels beside underlined fields, a key–value
/// table with mixed-case keys, a serial console, a wide web tool's result table, a forensic pane
/// whose key spells the IMEI's name out, a spreadsheet of devices under lower-case headings, a
/// device list whose IMSI column passes the Luhn check now and then, a console capture in a thin
/// typewriter font, serial terminals whose only label is the `AT+CGSN` command (also sent and
/// answered as a Python console's string literals), a CSV file in a text editor, a forensic
/// tool's text dump whose value runs on into the next field, a firmware tool's field listing IMEIs,
/// a forensic report's plural `IMEIs:` listing both slots, a decoder app's records (`Type: IMEI`
/// over `Value: <15 digits>`, in English and Russian). None is answered "no IMEI" while it shows one, and no IMSI is taken.
@Suite struct RealWorldLayoutTests {
    static let folder = SampleScreenshotTests.samples.appendingPathComponent("layouts")

    @Test func everyLayoutIsReadAndEveryTrapRefused() async throws {
        let truth = try SampleScreenshotTests.truth(Self.folder)
        #expect(truth.count >= 59)
        let results = try await SampleScreenshotTests.readAll(truth.map { Self.folder.appendingPathComponent($0.file).path })
        try #require(results.count == truth.count)
        for (t, r) in zip(truth, results) {
            #expect(Set(r.imeis.map(\.value)) == Set(t.imeis), "\(t.file): \(r.imeis.map { IMEIMask.mask($0.value) })")
            if t.imeis.isEmpty { #expect(r.error?.code == 4001, "\(t.file) must answer 4001") }
        }
    }

    /// A legible page whose bands show a Luhn-valid 15-digit number and no label is no verdict:
    /// the page pass reads it whole, and finds the light label the bands lost.
    @Test func anUnlabelledIMEIShapedNumberCallsForThePage() throws {
        let (result, stages) = try NoIMEIPageTests.read(Self.folder.appendingPathComponent("0000_form_fields_light_imei.png").path)
        #expect(result.imeis.count == 1)
        #expect(stages.first?.name == "bands" && stages.first?.verdict == nil)
        #expect(stages.contains { $0.name == "page" })
    }

    /// `0011`: a 1920-px web tool whose IMEI sits in a table cell under a white-on-light-green
    /// header that Tesseract does not read. Shrunk to 960 px for the deep detector, the cell's box
    /// stands under 4.5 heights long; it is still read in the deep reader's first pass
    /// (``ReaderTuning/deepValueAspect``), and the header above it names it.
    @Test func aWideWebTablesCellIsReadByTheDeepReader() throws {
        let (result, stages) = try NoIMEIPageTests.read(Self.folder.appendingPathComponent("0011_web_table_light_imei.png").path)
        #expect(result.imeis.map(\.value) == ["866604629620594"])
        #expect(result.imeis.first?.channels.contains(IMEIReading.deep) == true)
        #expect(stages.contains { $0.name == "rescue" })
    }

    @Test func anIMEIShapedNumberIsFifteenDigitsThatPassLuhn() {
        func line(_ text: String) -> OCRLine {
            OCRLine(words: text.split(separator: " ").map { OCRWord(text: String($0), confidence: 0.99, box: PixelRect(x: 0, y: 0, width: 10, height: 10)) },
                    box: PixelRect(x: 0, y: 0, width: 100, height: 10))
        }
        #expect(ScreenReading.showsIMEIShapedNumber([line("521036924182912")]))
        #expect(ScreenReading.showsIMEIShapedNumber([line("35 209900 176148 1")].map { $0 }) == IMEI.isValid("352099001761481"))
        #expect(!ScreenReading.showsIMEIShapedNumber([line("521036924182913")]), "fails Luhn")
        #expect(ScreenReading.showsIMEIShapedNumber([line("521036924182913;5210")], luhn: false))
        #expect(!ScreenReading.showsIMEIShapedNumber([line("89860012345678901234")]), "an ICCID's 20 digits")
        #expect(!ScreenReading.showsIMEIShapedNumber([line("44:93:88:51:38:56")]))
        // A spreadsheet's row number before it: the run of 16 digits is no IMEI, its word is.
        #expect(ScreenReading.showsIMEIShapedNumber([line("2 356938035643809")]))
    }

    /// A whole read that shows the word IMEI in any case (a spreadsheet's `imei1` heading, read
    /// `jimei1` with a grid line) is no plain text while it shows an IMEI-shaped number.
    @Test func theWordIMEIInAnyCaseIsSeen() {
        func line(_ text: String) -> OCRLine {
            OCRLine(words: text.split(separator: " ").map { OCRWord(text: String($0), confidence: 0.99, box: PixelRect(x: 0, y: 0, width: 10, height: 10)) },
                    box: PixelRect(x: 0, y: 0, width: 100, height: 10))
        }
        #expect(ScreenReading.showsIMEIWord([line("1 jimei1 imei2 serialnumber")]))
        #expect(ScreenReading.showsIMEIWord([line("Imei:")]))
        #expect(!ScreenReading.showsIMEIWord([line("Time 12:40"), line("MEID 35209900176148")]))
        // What OCR leaves of the word: an `I` look-alike before MEI, or IME without its last letter.
        #expect(ScreenReading.showsBrokenIMEIWord([line("__|MEI/Serial")]) && ScreenReading.showsBrokenIMEIWord([line("a _ IME Seria]")]))
        #expect(!ScreenReading.showsBrokenIMEIWord([line("TIME: IMEX MEIN IMEI")]))
    }

    /// A whole read that names other identifiers but read none of their values missed the values'
    /// column (a MIUI Status page photographed, `samples/photos-random/0020`): no "no IMEI" from it.
    @Test func identifierLabelsWithoutAnyValueAreAReadThatMissedTheValues() {
        func line(_ text: String) -> OCRLine {
            OCRLine(words: text.split(separator: " ").map { OCRWord(text: String($0), confidence: 0.99, box: PixelRect(x: 0, y: 0, width: 10, height: 10)) },
                    box: PixelRect(x: 0, y: 0, width: 100, height: 10))
        }
        #expect(ScreenReading.missedIdentifierValues([line("CCID (stot 1)"), line("IP address"), line("Serial number .")]))
        #expect(ScreenReading.missedIdentifierValues([line("|MSI")]), "an I look-alike")
        // Values read: an iOS About page without an IMEI stays plain text.
        #expect(!ScreenReading.missedIdentifierValues([line("Serial Number HUTQO4RSJL"), line("Wi-Fi Address 1D:E8:6B:F9:BA:66")]))
        #expect(!ScreenReading.missedIdentifierValues([line("ICCID"), line("89860012345678901234")]))
        // No identifier named: a chat or a settings page.
        #expect(!ScreenReading.missedIdentifierValues([line("Battery 85%"), line("Storage")]))
    }
}
