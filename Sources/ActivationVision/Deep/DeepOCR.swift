public import ActivationPipeline
internal import CDeepOCR
import Foundation

/// The second-opinion OCR: PP-OCR text detection and recognition (PP-OCRv6 small) on ONNX Runtime,
/// which is loaded at run time from the folder `scripts/install-deep-ocr.sh` fills.
///
/// One instance serves every thread: after loading it holds no mutable state, and ONNX Runtime's
/// sessions may run on several threads at once. Each call blocks its thread while the network runs
/// (detection about 130 ms on a photo at 960 px, recognition 15–30 ms a line, on one core).
public final class DeepOCR: @unchecked Sendable {
    // @unchecked: the C context is immutable once opened and ONNX Runtime's Run is thread-safe.
    let context: OpaquePointer
    /// ONNX Runtime's version, as the library gives it (the install script names it, in one place).
    public let version: String

    /// Where the files are looked for: `$ACTIVATION_DEEP_OCR`, else the install script's folder.
    public static var folder: String {
        ProcessInfo.processInfo.environment["ACTIVATION_DEEP_OCR"] ?? "/usr/local/lib/activation/deep-ocr"
    }

    /// The one instance of the process, loaded on first use; nil when the files are missing or
    /// will not load, which is said once on standard error (the reader then runs on Tesseract
    /// alone). `ACTIVATION_DEEP_OCR=off` turns it off.
    public static let shared: DeepOCR? = {
        guard ProcessInfo.processInfo.environment["ACTIVATION_DEEP_OCR"] != "off" else { return nil }
        do {
            return try DeepOCR()
        } catch {
            FileHandle.standardError.write(Data("activation: deep OCR unavailable: \(error); reading with Tesseract alone\n".utf8))
            return nil
        }
    }()

    /// Loads the library and both models from `folder`; blocks for about 0.1 s.
    public init(folder: String = DeepOCR.folder) throws(DeepOCRError) {
        let lib = folder + "/libonnxruntime.so"
        let det = folder + "/PP-OCRv6_det_small.onnx", rec = folder + "/PP-OCRv6_rec_small.onnx"
        for path in [lib, det, rec] where !FileManager.default.fileExists(atPath: path) {
            throw DeepOCRError.missing(path)
        }
        var err = [CChar](repeating: 0, count: 512)
        guard let context = CDeepOCR_open(lib, det, rec, &err, err.count) else {
            throw DeepOCRError.unusable(String(decoding: err.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        self.context = context
        version = String(cString: CDeepOCR_version(context))
    }

    deinit { CDeepOCR_close(context) }

    /// `image` ready for the networks: its pixels packed once, for detection and any number of
    /// recognitions, all of which end soon after `stop` does. Nil when the image cannot be packed
    /// (depth other than 8 or 32 bits).
    public func page(_ image: Image, stop: WorkStop = .never) -> DeepPage? {
        guard let bytes = image.packedBytes() else { return nil }
        return DeepPage(
            ocr: self, run: DeepRun(self), stop: stop, bytes: bytes, width: image.width, height: image.height,
            channels: image.depth == 8 ? 1 : 3)
    }

    /// One page's run options: every network run of the page passes them, and a stop sets their
    /// terminate flag, which ends the run under way (ONNX Runtime polls it between operators).
    final class DeepRun: @unchecked Sendable {
        // @unchecked: ONNX Runtime's terminate flag may be set from any thread.
        let ocr: DeepOCR
        let pointer: OpaquePointer?

        init(_ ocr: DeepOCR) {
            self.ocr = ocr
            pointer = CDeepOCR_run_new(ocr.context)
        }

        deinit { CDeepOCR_run_free(ocr.context, pointer) }

        /// Ends the run under way and every later one. Thread-safe.
        func terminate() { CDeepOCR_run_stop(ocr.context, pointer) }

        /// `body` with the run options, ended early by `stop` (nil when stopped before it began).
        func under<T>(_ stop: WorkStop, _ body: (OpaquePointer?) -> T) -> T? {
            guard !stop.isStopped else { return nil }
            return stop.whileRunning(onStop: terminate) { body(pointer) }
        }
    }

    /// The page's text boxes; none when `stop` ended the run. Throws when the detector failed
    /// otherwise (out of memory, the network refused the input).
    func detect(_ page: DeepPage, maxSide: Int) throws(DeepOCRError) -> [TextBox] {
        let found = page.withImage { image -> [TextBox]? in
            var boxes: UnsafeMutablePointer<CDeepOCRBox>?
            var image = image
            let n = page.run.under(page.stop) { CDeepOCR_detect(context, $0, &image, Int32(maxSide), &boxes) } ?? 0
            defer { free(boxes) }
            guard n >= 0 else { return page.stop.isStopped ? [] : nil }
            guard let boxes else { return [] }
            return (0..<Int(n)).map { i in
                let b = boxes[i]
                let xs = [b.x.0, b.x.1, b.x.2, b.x.3], ys = [b.y.0, b.y.1, b.y.2, b.y.3]
                return TextBox(text: "", corners: zip(xs, ys).flatMap { [Double($0), Double($1)] })
            }
        }
        guard let found else { throw DeepOCRError.detectionFailed(width: page.width, height: page.height) }
        return found
    }

    /// The line `box` on `page` read, with each character's confidence. A vertical line
    /// (``TextBox/isVertical``) is cut out once and read turned both ways, and the more confident
    /// reading is kept, its corners listed from the text's own top-left; a level line likewise
    /// when its reading is unsure, as `halfTurn` says (``DeepPage/HalfTurn``).
    func recognise(_ page: DeepPage, _ box: TextBox, halfTurn: DeepPage.HalfTurn) -> TextBox? {
        guard box.corners.count == 8 else { return nil }
        return page.withImage { image -> TextBox? in
            var image = image
            var b = Self.quadrilateral(box)
            let vertical = box.isVertical
            var crop = CDeepOCRImage()
            guard CDeepOCR_crop(&image, &b, vertical ? 1 : 0, &crop) == 0 else { return nil }
            defer { CDeepOCR_image_free(&crop) }
            let down = read(&crop, corners: box.corners, run: page.run, stop: page.stop)
            // A vertical line was written top to bottom or bottom to top, and a level line read
            // unsurely may stand upside down; only the text tells.
            guard vertical || (down?.meanConfidence ?? 0) < halfTurn.below else { return down }
            CDeepOCR_turn_half(&crop)
            let up = read(&crop, corners: box.corners, run: page.run, stop: page.stop)
            // The crop starts at corner 1 for a vertical line (turned a quarter), 0 for a level
            // one, whose turned reading must also be sure: noise read both ways is noise.
            let first = vertical ? 1 : 0, upConfidence = up?.meanConfidence ?? -1
            let upWins = upConfidence > (down?.meanConfidence ?? -1) && (vertical || upConfidence >= halfTurn.sure)
            let (chosen, startCorner) = upWins ? (up, first + 2) : (down, first)
            guard var chosen else { return nil }
            chosen.corners = (0..<8).map { box.corners[(2 * startCorner + $0) % 8] }
            return chosen
        }
    }

    /// `box` cut out of `page` and warped upright, as an image (see ``DeepPage/upright(_:)``).
    func cut(_ page: DeepPage, _ box: TextBox) -> Image? {
        guard box.corners.count == 8 else { return nil }
        return page.withImage { image -> Image? in
            var image = image
            var b = Self.quadrilateral(box)
            var crop = CDeepOCRImage()
            guard CDeepOCR_crop(&image, &b, 0, &crop) == 0, let px = crop.px else { return nil }
            defer { CDeepOCR_image_free(&crop) }
            let w = Int(crop.w), h = Int(crop.h), c = Int(crop.c)
            return Image.fromPacked(px, width: w, height: h, rowBytes: w * c, channels: c)
        }
    }

    /// `box`'s four corners as the C side takes them (the caller checked that it has four).
    private static func quadrilateral(_ box: TextBox) -> CDeepOCRBox {
        var b = CDeepOCRBox()
        b.x = (Float(box.corners[0]), Float(box.corners[2]), Float(box.corners[4]), Float(box.corners[6]))
        b.y = (Float(box.corners[1]), Float(box.corners[3]), Float(box.corners[5]), Float(box.corners[7]))
        return b
    }

    /// The cut-out line `crop` read: its text and each character's confidence, at `corners`.
    private func read(_ crop: inout CDeepOCRImage, corners: [Double], run: DeepRun, stop: WorkStop) -> TextBox? {
        var text = CDeepOCRText()
        guard run.under(stop, { CDeepOCR_recognise(context, $0, &crop, &text) }) == 0, let chars = text.text else { return nil }
        defer { CDeepOCR_text_free(&text) }
        let confidences = (0..<Int(text.n)).map { Double(text.conf[$0]) }
        return TextBox(text: String(cString: chars), corners: corners, confidences: confidences)
    }
}
