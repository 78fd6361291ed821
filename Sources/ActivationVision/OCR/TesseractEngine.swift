public import ActivationPipeline
internal import CLeptonica
internal import CTesseract
import Foundation

/// One libtesseract engine (`TessBaseAPI`), loaded once and reused for many images.
///
/// Not thread-safe: give each worker its own engine and call it from that worker only.
/// `init` is the expensive part (it loads the model); `recognize` blocks the calling
/// thread while the engine reads. Start the process with `OMP_THREAD_LIMIT=1` when several
/// engines run at once: OpenMP reads it once, when the library loads, so setting it later does
/// nothing (the `activation` command re-executes itself with it).
public final class TesseractEngine {
    private let api: OpaquePointer
    private var whitelist = ""
    private var choiceMode = false

    /// Loads `language` from `dataPath` (nil: Tesseract's default, or `TESSDATA_PREFIX`).
    public init(dataPath: String? = nil, language: String = "eng") throws(OAError) {
        _ = ImageDecoder.quiet
        guard let api = TessBaseAPICreate() else { throw OAError.unableToProcess.with(detail: "tesseract: no engine") }
        let status = TessBaseAPIInit2(api, dataPath, language, OEM_LSTM_ONLY)
        guard status == 0 else {
            TessBaseAPIDelete(api)
            throw OAError.unableToProcess.with(detail: "tesseract: cannot load language '\(language)' (is tesseract-ocr-\(language) installed?)")
        }
        self.api = api
        TessBaseAPISetVariable(api, "debug_file", "/dev/null")
        // The reader inverts dark screens itself; Tesseract's own retry of every
        // low-confidence line inverted only costs time.
        TessBaseAPISetVariable(api, "tessedit_do_invert", "0")
        // Screens set proportional text: the search for fixed-pitch rows (2–3% of a page's
        // time) never pays.
        TessBaseAPISetVariable(api, "textord_all_prop", "1")
    }

    deinit {
        TessBaseAPIEnd(api)
        TessBaseAPIDelete(api)
    }

    /// Reads `image` and returns its lines, words and (if `choices`) each glyph's alternatives.
    /// `whitelist` restricts the characters the engine may output (use on small crops only).
    /// Ends soon after `stop` does, between words, with whatever it read so far (nothing, when
    /// stopped before it began): a stopped reading is thrown away.
    public func recognize(
        _ image: Image, mode: PageSegmentation, whitelist: String = "", choices: Bool = false, resolution: Int = 300,
        stop: WorkStop = .never
    ) -> [OCRLine] {
        guard !stop.isStopped else { return [] }
        if whitelist != self.whitelist {
            TessBaseAPISetVariable(api, "tessedit_char_whitelist", whitelist)
            self.whitelist = whitelist
        }
        if choices != choiceMode {
            // Alternatives cost the LSTM decoder time: only crops that may need a correction ask.
            TessBaseAPISetVariable(api, "lstm_choice_mode", choices ? "2" : "0")
            choiceMode = choices
        }
        TessBaseAPISetPageSegMode(api, TessPageSegMode(UInt32(mode.rawValue)))
        TessBaseAPISetImage2(api, image.pix)
        TessBaseAPISetSourceResolution(api, Int32(resolution))
        defer { TessBaseAPIClear(api) }
        guard let monitor = TessMonitorCreate() else { return [] }
        defer { TessMonitorDelete(monitor) }
        TessMonitorSetCancelFunc(monitor, Self.cancel)
        TessMonitorSetCancelThis(monitor, Unmanaged.passUnretained(stop).toOpaque())
        if let left = stop.remainingMilliseconds { TessMonitorSetDeadlineMSecs(monitor, Int32(clamping: left)) }
        let status = withExtendedLifetime(stop) { TessBaseAPIRecognize(api, monitor) }
        guard status == 0, let it = TessBaseAPIGetIterator(api) else { return [] }
        defer { TessResultIteratorDelete(it) }
        return collect(it, choices: choices)
    }

    /// Tesseract's cancel function, asked between words: whether the reading's ``WorkStop`` (its
    /// `cancel_this`) has stopped.
    private static let cancel: TessCancelFunc = { this, _ in
        guard let this else { return false }
        return Unmanaged<WorkStop>.fromOpaque(this).takeUnretainedValue().isStopped
    }

    /// Walks the result glyph by glyph, grouping glyphs into words and words into lines.
    private func collect(_ it: OpaquePointer, choices: Bool) -> [OCRLine] {
        guard let page = TessResultIteratorGetPageIterator(it) else { return [] }
        var lines: [OCRLine] = []
        var words: [OCRWord] = []
        var word: OCRWord?
        func box(_ level: TessPageIteratorLevel) -> PixelRect? {
            var l: Int32 = 0, t: Int32 = 0, r: Int32 = 0, b: Int32 = 0
            guard TessPageIteratorBoundingBox(page, level, &l, &t, &r, &b) != 0 else { return nil }
            return PixelRect(x: Int(l), y: Int(t), width: Int(r - l), height: Int(b - t))
        }
        func text(_ level: TessPageIteratorLevel) -> String {
            guard let cText = TessResultIteratorGetUTF8Text(it, level) else { return "" }
            defer { TessDeleteText(cText) }
            return String(cString: cText)
        }
        func flushWord() {
            if var w = word {
                w.text = w.text.trimmingCharacters(in: .whitespacesAndNewlines)
                if !w.text.isEmpty { words.append(w) }
            }
            word = nil
        }
        func flushLine() {
            flushWord()
            if let first = words.first {
                lines.append(OCRLine(words: words, box: words.dropFirst().reduce(first.box) { $0.union($1.box) }))
            }
            words = []
        }
        repeat {
            if TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0 { flushLine() }
            if TessPageIteratorIsAtBeginningOf(page, RIL_WORD) != 0 {
                flushWord()
                if let b = box(RIL_WORD) {
                    word = OCRWord(
                        text: text(RIL_WORD), confidence: Double(TessResultIteratorConfidence(it, RIL_WORD)) / 100, box: b)
                }
            }
            guard let b = box(RIL_SYMBOL) else { continue }
            let glyph = text(RIL_SYMBOL)
            var symbol = OCRSymbol(text: glyph, confidence: Double(TessResultIteratorConfidence(it, RIL_SYMBOL)) / 100, box: b)
            if choices { symbol.alternatives = alternatives(it, excluding: glyph) }
            word?.symbols.append(symbol)
        } while TessResultIteratorNext(it, RIL_SYMBOL) != 0
        flushLine()
        return lines
    }

    /// The engine's own alternatives for the current glyph.
    private func alternatives(_ it: OpaquePointer, excluding glyph: String) -> [(text: String, confidence: Double)] {
        guard let ci = TessResultIteratorGetChoiceIterator(it) else { return [] }
        defer { TessChoiceIteratorDelete(ci) }
        var out: [(text: String, confidence: Double)] = []
        repeat {
            guard let c = TessChoiceIteratorGetUTF8Text(ci) else { continue }
            let t = String(cString: c)
            if t != glyph, !out.contains(where: { $0.text == t }) {
                out.append((t, Double(TessChoiceIteratorConfidence(ci)) / 100))
            }
        } while TessChoiceIteratorNext(ci) != 0
        return out
    }
}
