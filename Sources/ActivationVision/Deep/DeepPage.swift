import ActivationPipeline
internal import CDeepOCR

/// One image packed for ``DeepOCR``: detect its text lines once, then recognise those that matter.
/// Belongs to the thread that made it; each call blocks while the network runs, and ends soon
/// after `stop` does (then finding nothing).
public struct DeepPage {
    let ocr: DeepOCR
    let run: DeepOCR.DeepRun
    let stop: WorkStop
    private let bytes: [UInt8]
    public let width: Int
    public let height: Int
    let channels: Int

    init(ocr: DeepOCR, run: DeepOCR.DeepRun, stop: WorkStop, bytes: [UInt8], width: Int, height: Int, channels: Int) {
        self.ocr = ocr
        self.run = run
        self.stop = stop
        self.bytes = bytes
        self.width = width
        self.height = height
        self.channels = channels
    }

    /// The text lines on the page, read no further: corners in the page's pixels, top to bottom.
    /// The page is shrunk for the detector so that its longer side is at most `maxSide`. None when
    /// the page's stop ended the run; throws when the detector failed otherwise.
    public func lines(maxSide: Int = 960) throws(DeepOCRError) -> [TextBox] { try ocr.detect(self, maxSide: maxSide) }

    /// The line `box` (from ``lines(maxSide:)``) read: its text and each character's confidence,
    /// its corners starting at the text's top-left. A vertical line is read both ways and the
    /// surer reading stands; a level one also when `halfTurn` says so (a label upside down on a
    /// product photo).
    public func read(_ box: TextBox, halfTurn: HalfTurn = .never) -> TextBox? {
        ocr.recognise(self, box, halfTurn: halfTurn)
    }

    /// When a level line is read again turned half round: its reading's mean confidence is under
    /// `below`; and when that turned reading stands: it is surer than the first and at least `sure`.
    public struct HalfTurn: Hashable, Sendable {
        public var below: Double
        public var sure: Double
        public init(below: Double, sure: Double) {
            self.below = below
            self.sure = sure
        }
        /// A level line is read once, as it stands.
        public static let never = HalfTurn(below: 0, sure: 1)
    }

    /// The quadrilateral `box` cut out of the page and warped upright (its first corner to the
    /// top-left), at the page's own resolution: a line as the recogniser sees it, for another
    /// engine to read. Nil when the box is degenerate or too large, or memory ran out.
    public func upright(_ box: TextBox) -> Image? { ocr.cut(self, box) }

    /// The pixels as the C side sees them, for the duration of `body` (which only reads them).
    func withImage<T>(_ body: (CDeepOCRImage) -> T) -> T {
        bytes.withUnsafeBufferPointer { buffer in
            body(CDeepOCRImage(w: Int32(width), h: Int32(height), c: Int32(channels),
                               px: buffer.baseAddress.map { UnsafeMutablePointer(mutating: $0) }))
        }
    }
}
